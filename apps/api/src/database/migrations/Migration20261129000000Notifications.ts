import { Migration } from '@mikro-orm/migrations';

/**
 * The emails clients and providers get about bookings: each with its words (text and HTML), to whom
 * it went and what became of it. A booking has one message per type and occurrence (the event it
 * follows, or a reminder's service date), so a job that runs twice records it once. And the booking
 * setting of how many hours ahead a reminder goes.
 */
export class Migration20261129000000Notifications extends Migration {
  override up(): void {
    this.addSql(`create table notifications (
      id uuid primary key,
      organisation_id text not null references organisations (id),
      type text not null check (type in ('booking_confirmation', 'booking_rescheduled', 'booking_cancelled', 'booking_reminder', 'receipt',
                                          'provider_booking_created', 'provider_booking_rescheduled', 'provider_booking_cancelled')),
      channel text not null check (channel = 'email'),
      recipient text not null,
      subject text not null,
      text_body text not null,
      html_body text not null,
      status text not null check (status in ('pending', 'sent', 'failed', 'logged')),
      booking_id uuid not null references bookings (id),
      client_id uuid references clients (id),
      occurrence text not null,
      error text,
      created_at timestamptz(3) not null,
      updated_at timestamptz(3) not null,
      sent_at timestamptz(3),
      unique (booking_id, type, occurrence)
    )`);
    // The list (newest first), the sync order, and the client filter; the booking filter uses the unique key.
    this.addSql(
      `create index notifications_organisation_idx on notifications (organisation_id, created_at desc, id desc)`,
    );
    this.addSql(`create index notifications_updated_at_idx on notifications (organisation_id, updated_at, id)`);
    this.addSql(
      `create index notifications_client_idx on notifications (client_id, created_at desc) where client_id is not null`,
    );

    // Settings already stored keep their values; the new one starts at its default.
    this.addSql(`update organisations set booking_settings = '{"reminderHoursBefore":24}'::jsonb || booking_settings`);
  }
}
