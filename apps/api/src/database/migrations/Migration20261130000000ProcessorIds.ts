import { Migration } from '@mikro-orm/migrations';

/**
 * What a card processor reports on later (Stripe's webhooks) is found by the processor's own id:
 * a card payment by its payment id (a PaymentIntent `pi_…`), a payout by the id the bank gave its
 * transfer (a Stripe payout `po_…`, kept from now on). Each is one payment transaction or payout:
 * the same charge counted twice would be money counted twice.
 */
export class Migration20261130000000ProcessorIds extends Migration {
  override up(): void {
    this.addSql(
      `create unique index payment_transactions_processor_payment_unique on payment_transactions ((payment->>'id')) where source = 'payment'`,
    );
    this.addSql(`alter table payouts add column bank_payout_id text`);
    this.addSql(
      `create unique index payouts_bank_payout_unique on payouts (bank_payout_id) where bank_payout_id is not null`,
    );
  }
}
