import { Migration } from '@mikro-orm/migrations';

/**
 * Notifications go by text message too: a booking's reminder may go both by email and by SMS, so a
 * booking has one message per type, channel and occurrence. Organisations' booking settings gain
 * `smsRemindersEnabled`, off until they turn it on.
 */
export class Migration20261201000000TextMessages extends Migration {
  override up(): void {
    this.addSql('alter table notifications drop constraint notifications_channel_check');
    this.addSql(
      `alter table notifications add constraint notifications_channel_check check (channel in ('email', 'sms'))`,
    );
    this.addSql('alter table notifications drop constraint notifications_booking_id_type_occurrence_key');
    this.addSql(
      'alter table notifications add constraint notifications_booking_id_type_channel_occurrence_key unique (booking_id, type, channel, occurrence)',
    );
    this.addSql(
      `update organisations set booking_settings = '{"smsRemindersEnabled":false}'::jsonb || booking_settings`,
    );
  }
}
