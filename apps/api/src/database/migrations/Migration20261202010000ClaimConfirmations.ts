import { Migration } from '@mikro-orm/migrations';

/**
 * A check-out that waits for the patient's agreement: a transaction's `status`
 * (`awaiting_confirmation` until the patient's code is verified, `cancelled` when it never is), and
 * what it was asked to do, kept until then. One transaction at most waits for each booking. Every
 * claim keeps how the patient agreed to it (`agreement`); claims so far have none on record. The
 * patient's code goes as a notification of its own type.
 */
export class Migration20261202010000ClaimConfirmations extends Migration {
  override up(): void {
    this.addSql(`alter table transactions
      add column status text not null default 'completed'
        check (status in ('completed', 'awaiting_confirmation', 'cancelled')),
      add column pending_check_out jsonb`);
    // The default marks the transactions so far; a new one always says its status.
    this.addSql('alter table transactions alter column status drop default');
    this.addSql(`create unique index transactions_awaiting_booking_unique on transactions (organisation_id, booking_id)
      where status = 'awaiting_confirmation'`);
    this.addSql(`alter table claims add column agreement jsonb`);
    this.addSql(`alter table medicare_claims add column agreement jsonb`);
    this.addSql('alter table notifications drop constraint notifications_type_check');
    this.addSql(`alter table notifications add constraint notifications_type_check check (type in (
      'booking_confirmation', 'booking_rescheduled', 'booking_cancelled', 'booking_reminder', 'receipt',
      'provider_booking_created', 'provider_booking_rescheduled', 'provider_booking_cancelled', 'claim_confirmation'))`);
  }
}
