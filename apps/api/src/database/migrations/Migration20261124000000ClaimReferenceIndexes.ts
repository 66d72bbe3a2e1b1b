import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000000ClaimReferenceIndexes extends Migration {
  override up(): void {
    // The references to claims and transactions, indexed: a void finds a Medicare claim by its
    // transaction, and deleting a claim or a transaction (the bench's clean-up) checks each
    // reference to it, a scan of every payment transaction per row without these.
    this.addSql(
      `create index payment_transactions_claim_idx on payment_transactions (claim_id) where claim_id is not null`,
    );
    this.addSql(
      `create index payment_transactions_medicare_claim_idx on payment_transactions (medicare_claim_id) where medicare_claim_id is not null`,
    );
    this.addSql(
      `create index medicare_claims_transaction_idx on medicare_claims (transaction_id) where transaction_id is not null`,
    );
  }
}
