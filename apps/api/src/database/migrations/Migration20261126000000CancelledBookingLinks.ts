import { Migration } from '@mikro-orm/migrations';

export class Migration20261126000000CancelledBookingLinks extends Migration {
  override up(): void {
    // A cancelled booking's links are cancelled with it from now on; these were left waiting,
    // shown as open though paying them was refused.
    this.addSql(`
      update payment_transactions p set payment = jsonb_set(p.payment, '{status}', '"canceled"')
      from transactions t join bookings b on b.id = t.booking_id
      where p.transaction_id = t.id and b.cancelled_at is not null and p.payment->>'status' = 'requires_payment_method'`);
  }
}
