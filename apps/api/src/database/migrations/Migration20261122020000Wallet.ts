import { Migration } from '@mikro-orm/migrations';

export class Migration20261122020000Wallet extends Migration {
  override up(): void {
    this.addSql(`
      create table wallet_cards (
        id uuid primary key,
        organisation_id text not null references organisations (id),
        client_id uuid not null references clients (id),
        type text not null check (type in ('payment_method', 'health_fund_card', 'medicare_card')),
        brand text not null,
        last4 text not null,
        fingerprint text not null,
        number_ciphertext text,
        verified boolean not null,
        verified_at timestamptz(3),
        details jsonb not null,
        created_at timestamptz(3) not null
      )`);
    // The same card twice in one wallet is refused here, so concurrent adds cannot both succeed.
    this.addSql(
      `create unique index wallet_cards_client_fingerprint_unique on wallet_cards (client_id, type, fingerprint)`,
    );
    this.addSql(`create index wallet_cards_client_idx on wallet_cards (client_id, created_at desc, id desc)`);
  }
}
