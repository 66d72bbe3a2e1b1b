import { Migration } from '@mikro-orm/migrations';

export class Migration20261128000000BookingChanges extends Migration {
  override up(): void {
    // A booking changes after it is made (cancelled, paid, moved): when it last did, for sync clients
    // and ETags. A cancellation is the one change whose time is known; otherwise, when it was made.
    this.addSql(`alter table bookings add column updated_at timestamptz(3)`);
    this.addSql(`update bookings set updated_at = greatest(created_at, cancelled_at)`);
    this.addSql(`alter table bookings alter column updated_at set not null`);
    // The sync order of the bookings list (`updatedSince`): `updated_at, id` within an organisation.
    this.addSql(`create index bookings_sync_idx on bookings (organisation_id, updated_at, id)`);

    // What a change replaced, beside `data`, on the events that carry it (`booking.rescheduled`).
    this.addSql(`alter table events add column previous jsonb`);

    // Settings already stored keep their values; the new ones start at their defaults.
    this.addSql(
      `update organisations set booking_settings = '{"clientCancelEnabled":true,"clientRescheduleEnabled":true}'::jsonb || booking_settings`,
    );
  }
}
