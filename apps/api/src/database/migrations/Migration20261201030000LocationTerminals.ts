import { Migration } from '@mikro-orm/migrations';

/**
 * The claiming terminals installed at each location (`HICAPS-T-0042`): a health fund claim there
 * names one of them or none. Locations so far have none.
 */
export class Migration20261201030000LocationTerminals extends Migration {
  override up(): void {
    this.addSql(`alter table locations add column terminal_ids text[] not null default '{}'`);
  }
}
