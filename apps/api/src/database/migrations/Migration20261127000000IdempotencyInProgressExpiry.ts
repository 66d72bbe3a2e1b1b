import { Migration } from '@mikro-orm/migrations';

/**
 * A key's in-progress marker gets an end, so a request whose instance died or lost the database
 * does not hold its key for ever, and an owner, so only the request that took the key settles it.
 * The default covers rows written by instances still running the code before this one during a
 * rolling deploy (and markers left before it): they expire a minute on, like a new instance's.
 */
export class Migration20261127000000IdempotencyInProgressExpiry extends Migration {
  override up(): void {
    this.addSql(
      `alter table idempotency_keys add column in_progress_until timestamptz(3) not null default now() + interval '60 seconds'`,
    );
    this.addSql(`alter table idempotency_keys add column claim_id uuid`);
  }
}
