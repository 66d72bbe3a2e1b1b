import { Migration } from '@mikro-orm/migrations';

/**
 * Organisations are live or sandboxes (`livemode` false), fixed at creation: a sandbox's messages
 * are recorded and never sent. Organisations so far are live.
 */
export class Migration20261202000000OrganisationLivemode extends Migration {
  override up(): void {
    this.addSql('alter table organisations add column livemode boolean not null default true');
  }
}
