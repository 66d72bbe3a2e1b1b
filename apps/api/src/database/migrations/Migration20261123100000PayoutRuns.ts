import { Migration } from '@mikro-orm/migrations';

export class Migration20261123100000PayoutRuns extends Migration {
  override up(): void {
    // A payout run reads what waits for it: the business's payment transactions in no payout yet.
    this.addSql(
      `create index payment_transactions_unpaid_idx on payment_transactions (business_id, id) where payout_id is null`,
    );
  }
}
