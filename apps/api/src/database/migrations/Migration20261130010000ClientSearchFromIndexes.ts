import { Migration } from '@mikro-orm/migrations';

/**
 * Client search reads and counts each way a name can match from the index of that way alone: the
 * name indexes also hold what a search checks and orders by (the other name, the id, whether the
 * client is archived), so a search of a common prefix in an organisation of 150,000 clients reads
 * index entries, not thousands of client rows.
 */
export class Migration20261130010000ClientSearchFromIndexes extends Migration {
  override up(): void {
    this.addSql('drop index clients_name_idx');
    this.addSql(
      'create index clients_name_idx on clients (organisation_id, last_name_search, full_name_search, id) include (deleted)',
    );
    this.addSql('drop index clients_full_name_idx');
    this.addSql(
      'create index clients_full_name_idx on clients (organisation_id, full_name_search) include (last_name_search, id, deleted)',
    );
  }
}
