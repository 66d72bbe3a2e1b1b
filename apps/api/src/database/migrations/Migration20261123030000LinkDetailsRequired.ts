import { Migration } from '@mikro-orm/migrations';

/**
 * A provider–location link always has its Medicare details and association (the domain writes
 * both, empty parts as nulls inside the JSON); the columns said they could be null, the mapping
 * that they cannot. The schema-diff test found it.
 */
export class Migration20261123030000LinkDetailsRequired extends Migration {
  override up(): void {
    this.addSql(
      `alter table provider_location_links alter column medicare set not null, alter column association set not null`,
    );
  }
}
