import { Migration } from '@mikro-orm/migrations';

/**
 * API keys can expire and be revoked, and record when they were last used (to the minute). The
 * list reads by scope, newest first, so organisation keys get an index in that order.
 */
export class Migration20261123100000ApiKeyLifecycle extends Migration {
  override up(): void {
    this.addSql(
      `alter table api_keys add column expires_at timestamptz(3), add column last_used_at timestamptz(3), add column revoked_at timestamptz(3)`,
    );
    this.addSql(
      `create index api_keys_organisation_created_idx on api_keys (organisation_id, created_at desc, id desc)`,
    );
  }
}
