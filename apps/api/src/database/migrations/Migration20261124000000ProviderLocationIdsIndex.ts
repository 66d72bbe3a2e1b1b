import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000000ProviderLocationIdsIndex extends Migration {
  override up(): void {
    // Every provider a read answers carries its live links' location ids in link order (a subquery
    // per row): with this index each is an index-only scan already in that order, where the unique
    // index needed a heap fetch and a sort per provider.
    this.addSql(
      `create index provider_location_links_live_idx on provider_location_links (provider_id, created_at, id) include (location_id) where not deleted`,
    );
  }
}
