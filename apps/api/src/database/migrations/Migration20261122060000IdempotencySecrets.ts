import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotency keys stop keeping secrets. A replay of a success that held a secret (an API key) now
 * answers a stored error instead of the answer, and request hashes become HMACs. Rows written
 * before held plain SHA-256 hashes of bodies with card numbers, and API key secrets in answers:
 * those are wiped. Their keys stay taken until they expire, so a retry across the upgrade gets
 * 422 rather than running twice.
 */
export class Migration20261122060000IdempotencySecrets extends Migration {
  override up(): void {
    this.addSql(`alter table idempotency_keys add column replay_error jsonb`);
    this.addSql(`delete from idempotency_keys where created_at < now() - interval '24 hours'`);
    this.addSql(`update idempotency_keys set request_hash = 'retired', response_headers = null, response_body = null`);
    // Expired keys are deleted by age, about once a minute.
    this.addSql(`create index idempotency_keys_created_at_idx on idempotency_keys (created_at)`);
  }
}
