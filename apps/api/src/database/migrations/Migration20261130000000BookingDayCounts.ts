import { Migration } from '@mikro-orm/migrations';

/**
 * Booking lists filtered by service date answer `totalItems` from counters per organisation and
 * UTC day, so a date range costs its days, not its bookings (a month of a large clinic group is
 * tens of thousands). One trigger function keeps `booking_counts` and `booking_day_counts` for
 * every statement that inserts, updates or deletes bookings: it nets what each statement changed
 * per organisation and day (a cancellation, a new service date, a new booking) and applies it in
 * that statement, inside the writer's transaction. The organisation's `booking_counts` row is
 * locked first and its day rows after, in order, so two writers queue on the organisation and
 * never deadlock on its days.
 */
export class Migration20261130000000BookingDayCounts extends Migration {
  override up(): void {
    this.addSql(`
      create table booking_day_counts (
        organisation_id text not null references organisations (id),
        day date not null,
        bookings integer not null,
        cancelled integer not null,
        primary key (organisation_id, day)
      )`);
    this.addSql(
      `create type booking_count_change as (organisation_id text, day date, bookings integer, cancelled integer)`,
    );

    this.addSql(`
      create function booking_counts_after_write() returns trigger language plpgsql as $$
      declare
        changes booking_count_change[];
      begin
        if tg_op = 'INSERT' then
          select array_agg(row(organisation_id, day, bookings, cancelled)::booking_count_change order by organisation_id, day) into changes
          from (select organisation_id, (service_date at time zone 'UTC')::date as day, count(*)::int as bookings,
                       (count(*) filter (where cancelled_at is not null))::int as cancelled
                from inserted group by 1, 2) net;
        elsif tg_op = 'DELETE' then
          select array_agg(row(organisation_id, day, -bookings, -cancelled)::booking_count_change order by organisation_id, day) into changes
          from (select organisation_id, (service_date at time zone 'UTC')::date as day, count(*)::int as bookings,
                       (count(*) filter (where cancelled_at is not null))::int as cancelled
                from deleted group by 1, 2) net;
        else
          -- Each updated row leaves its old organisation and day and joins its new ones: an update
          -- that changes none of the three (paid, attendance, …) nets to nothing.
          select array_agg(row(organisation_id, day, bookings, cancelled)::booking_count_change order by organisation_id, day) into changes
          from (select organisation_id, day, sum(bookings)::int as bookings, sum(cancelled)::int as cancelled
                from (select organisation_id, (service_date at time zone 'UTC')::date as day, -1 as bookings, -(cancelled_at is not null)::int as cancelled
                      from before_update
                      union all
                      select organisation_id, (service_date at time zone 'UTC')::date, 1, (cancelled_at is not null)::int from after_update) moves
                group by 1, 2
                having sum(bookings) <> 0 or sum(cancelled) <> 0) net;
        end if;
        if changes is null then
          return null;
        end if;

        -- The organisation's row first, also when only days change (a new service date): it is the
        -- lock every writer of the organisation's counts takes before any of its days.
        insert into booking_counts (organisation_id, bookings, cancelled)
        select organisation_id, sum(bookings), sum(cancelled) from unnest(changes) group by organisation_id order by organisation_id
        on conflict (organisation_id) do update
          set bookings = booking_counts.bookings + excluded.bookings, cancelled = booking_counts.cancelled + excluded.cancelled;
        insert into booking_day_counts (organisation_id, day, bookings, cancelled)
        select organisation_id, day, bookings, cancelled from unnest(changes) order by organisation_id, day
        on conflict (organisation_id, day) do update
          set bookings = booking_day_counts.bookings + excluded.bookings, cancelled = booking_day_counts.cancelled + excluded.cancelled;
        return null;
      end $$`);

    for (const [event, name] of [
      ['insert', 'inserted'],
      ['update', 'updated'],
      ['delete', 'deleted'],
    ]) {
      this.addSql(`drop trigger bookings_count_${name} on bookings`);
      this.addSql(`drop function booking_counts_after_${event}()`);
    }
    this.addSql(`
      create trigger bookings_count_inserted after insert on bookings
      referencing new table as inserted for each statement execute function booking_counts_after_write()`);
    this.addSql(`
      create trigger bookings_count_updated after update on bookings
      referencing old table as before_update new table as after_update for each statement execute function booking_counts_after_write()`);
    this.addSql(`
      create trigger bookings_count_deleted after delete on bookings
      referencing old table as deleted for each statement execute function booking_counts_after_write()`);

    this.addSql(`
      insert into booking_day_counts (organisation_id, day, bookings, cancelled)
      select organisation_id, (service_date at time zone 'UTC')::date, count(*), count(*) filter (where cancelled_at is not null)
      from bookings group by 1, 2`);
  }
}
