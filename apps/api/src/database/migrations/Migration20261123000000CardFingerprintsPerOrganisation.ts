import { Migration } from '@mikro-orm/migrations';

/**
 * Card fingerprints become per organisation (the same card in two clinics has two fingerprints).
 * The new key is derived from the master key, which migrations do not have: rows written before are
 * marked `platform` here and rescoped by the wallet at start-up (`RescopeCardFingerprints`), before
 * the service takes requests. New rows get `organisation` by default.
 */
export class Migration20261123000000CardFingerprintsPerOrganisation extends Migration {
  override up(): void {
    this.addSql(
      `alter table wallet_cards add column fingerprint_scope text not null default 'platform' check (fingerprint_scope in ('platform', 'organisation'))`,
    );
    this.addSql(`alter table wallet_cards alter column fingerprint_scope set default 'organisation'`);
    this.addSql(
      `create index wallet_cards_platform_fingerprints_idx on wallet_cards (id) where fingerprint_scope = 'platform'`,
    );
  }
}
