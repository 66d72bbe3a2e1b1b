import { Migration } from '@mikro-orm/migrations';

/** `updated_at` of a table whose rows change: `created_at` on the rows written before, as on a new row until it changes. */
function addUpdatedAt(table: string): string[] {
  return [
    `alter table ${table} add column updated_at timestamptz(3)`,
    `update ${table} set updated_at = created_at`,
    `alter table ${table} alter column updated_at set not null`,
  ];
}

export class Migration20261129100000UpdatedAtOfMoneyCardsAndKeys extends Migration {
  override up(): void {
    // Pending migrations run in one transaction, and an earlier one may have left deferred foreign
    // key checks queued on payment_transactions (its references are deferrable): PostgreSQL refuses
    // to alter a table with pending trigger events, so the checks run now. (Every deferrable
    // constraint is initially deferred, which the last statement restores.)
    this.addSql('set constraints all immediate');
    // Sync (`updatedSince`) reads a scope's rows changed since an instant, `updated_at, id` ascending.
    for (const statement of addUpdatedAt('transactions')) this.addSql(statement);
    this.addSql(`create index transactions_organisation_updated_idx on transactions (organisation_id, updated_at, id)`);
    // A payout's payment transactions are few and found by its payout: no index of their own.
    for (const statement of addUpdatedAt('payment_transactions')) this.addSql(statement);
    for (const statement of addUpdatedAt('payouts')) this.addSql(statement);
    this.addSql(`create index payouts_business_updated_idx on payouts (business_id, updated_at, id)`);
    for (const statement of addUpdatedAt('wallet_cards')) this.addSql(statement);
    this.addSql(`create index wallet_cards_client_updated_idx on wallet_cards (client_id, updated_at, id)`);
    // The health funds are a catalogue that only the service's upgrades change: a fund added by one
    // says when (as this column does for those seeded before it), and sync reads what was added since.
    this.addSql(`alter table health_funds add column created_at timestamptz(3) not null default now()`);
    this.addSql(`alter table health_funds alter column created_at drop default`);
    for (const statement of addUpdatedAt('api_keys')) this.addSql(statement);
    this.addSql(`create index api_keys_organisation_updated_idx on api_keys (organisation_id, updated_at, id)`);
    // Webhook endpoints had updated_at from the start; their sync wants it indexed.
    this.addSql(
      `create index webhook_endpoints_organisation_updated_idx on webhook_endpoints (organisation_id, updated_at, id)`,
    );
    this.addSql('set constraints all deferred');
  }
}
