import { Migration } from '@mikro-orm/migrations';

/**
 * Organisations, businesses and locations can change: each carries when it last did, equal to
 * `created_at` until then, and an index in the order a sync client reads changes (`updated_at, id`).
 * Plan template links never change once written: their sync reads `created_at`.
 */
export class Migration20261128000000OrganisationsUpdatedAt extends Migration {
  override up(): void {
    for (const table of ['organisations', 'businesses', 'locations']) {
      this.addSql(`alter table ${table} add column updated_at timestamptz(3)`);
      this.addSql(`update ${table} set updated_at = created_at`);
      this.addSql(`alter table ${table} alter column updated_at set not null`);
    }
    // A platform key syncs every organisation; an organisation key reads its own by id.
    this.addSql(`create index organisations_sync_idx on organisations (updated_at, id)`);
    this.addSql(`create index businesses_sync_idx on businesses (organisation_id, updated_at, id)`);
    this.addSql(`create index locations_sync_idx on locations (organisation_id, updated_at, id)`);
  }
}
