import { Migration } from '@mikro-orm/migrations';

/**
 * Providers and their location links change after they are made (edits, archiving), so each
 * carries when it last changed; until then that is when it was made. Each list syncs by it
 * (`updatedSince`): providers within an organisation, links within a provider.
 */
export class Migration20261128000000PractitionersUpdatedAt extends Migration {
  override up(): void {
    for (const table of ['providers', 'provider_location_links']) {
      this.addSql(`alter table ${table} add column updated_at timestamptz(3)`);
      this.addSql(`update ${table} set updated_at = created_at`);
      this.addSql(`alter table ${table} alter column updated_at set not null`);
    }
    this.addSql(`create index providers_sync_idx on providers (organisation_id, updated_at, id)`);
    this.addSql(
      `create index provider_location_links_sync_idx on provider_location_links (provider_id, updated_at, id)`,
    );
  }
}
