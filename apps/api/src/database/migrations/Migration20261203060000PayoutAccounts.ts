import { Migration } from '@mikro-orm/migrations';

/**
 * A payout keeps the processor account it was sent from, and is asked about (and its webhooks
 * matched) under it. Payouts already sent were sent from their business's account of today.
 */
export class Migration20261203060000PayoutAccounts extends Migration {
  override up(): void {
    this.addSql('alter table payouts add column account_id text');
    this.addSql(`update payouts p set account_id = b.merchant_id from businesses b
      where b.id = p.business_id and p.bank_payout_id is not null`);
  }
}
