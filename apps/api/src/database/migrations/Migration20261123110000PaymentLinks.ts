import { Migration } from '@mikro-orm/migrations';

export class Migration20261123110000PaymentLinks extends Migration {
  override up(): void {
    // A payment link's token is a bearer secret: only its SHA-256 is kept, and found by it.
    this.addSql(`
      create table payment_link_tokens (
        token_hash text primary key,
        link_id uuid not null unique,
        organisation_id text not null references organisations (id),
        payment_transaction_id uuid not null references payment_transactions (id) deferrable initially deferred,
        expires_at timestamptz(3) not null
      )`);
  }
}
