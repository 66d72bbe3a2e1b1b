import { Migration } from '@mikro-orm/migrations';

export class Migration20261125000000PaymentLinkTokensByPayment extends Migration {
  override up(): void {
    // A check-out looks for an open link among its booking's payment transactions: by payment
    // transaction, not a scan of every link ever made (tokens are kept).
    this.addSql(
      `create index payment_link_tokens_payment_transaction_idx on payment_link_tokens (payment_transaction_id)`,
    );
  }
}
