import { Migration } from '@mikro-orm/migrations';

/**
 * Online booking: providers' weekly working hours (wall-clock times of the location's zone) and
 * time off (instants), the three new booking settings, and the hash of each public booking's manage
 * token (the token itself is shown once, to the patient).
 */
export class Migration20261123000000OnlineBooking extends Migration {
  override up(): void {
    this.addSql(`
      create table working_hours (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        provider_id uuid not null references providers (id),
        location_id uuid not null references locations (id),
        day_of_week smallint not null check (day_of_week between 1 and 7),
        start_time text not null check (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        end_time text not null check (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        check (start_time < end_time)
      )`);
    this.addSql(`create index working_hours_provider_idx on working_hours (provider_id, location_id)`);

    this.addSql(`
      create table time_off (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        provider_id uuid not null references providers (id),
        starts_at timestamptz(3) not null,
        ends_at timestamptz(3) not null,
        reason text,
        created_at timestamptz(3) not null,
        check (ends_at > starts_at)
      )`);
    this.addSql(`create index time_off_provider_idx on time_off (provider_id, starts_at, ends_at)`);

    this.addSql(`alter table bookings add column manage_token_hash text`);
    this.addSql(
      `create unique index bookings_manage_token_idx on bookings (manage_token_hash) where manage_token_hash is not null`,
    );

    // Settings already stored keep their values; the new ones start at their defaults.
    this.addSql(
      `update organisations set booking_settings = '{"minimumNoticeMinutes":120,"maximumAdvanceDays":90,"slotIntervalMinutes":15}'::jsonb || booking_settings`,
    );
  }
}
