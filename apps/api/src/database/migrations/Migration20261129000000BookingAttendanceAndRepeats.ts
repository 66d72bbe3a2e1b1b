import { Migration } from '@mikro-orm/migrations';

/**
 * Whether a booking's client came (`attendance`, `arrived_at`, and when a no-show's fee was charged,
 * at most once a booking), and the series a repeated booking belongs to. Bookings written before
 * are `pending` and of no series.
 */
export class Migration20261129000000BookingAttendanceAndRepeats extends Migration {
  override up(): void {
    this.addSql(`
      alter table bookings
        add column attendance text not null default 'pending' check (attendance in ('pending', 'arrived', 'no_show')),
        add column arrived_at timestamptz(3) null,
        add column no_show_fee_charged_at timestamptz(3) null,
        add column series_id uuid null`);
    // A series' bookings are listed by `seriesId` and cancelled from one occurrence on.
    this.addSql(
      `create index bookings_series_idx on bookings (organisation_id, series_id, service_date) where series_id is not null`,
    );
  }
}
