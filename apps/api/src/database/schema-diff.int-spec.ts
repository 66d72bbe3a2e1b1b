import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { runMigrations } from './migrate.js';
import { scratchDatabase } from '../../../../test/support/scratch-database.js';
import { createOrmConfig } from './orm-config.js';

/**
 * What the database holds that the EntitySchemas do not describe, on purpose: integrity and speed
 * written by hand in the migrations. The schemas map ids, not relations, so the ORM knows no
 * foreign key; check constraints, indexes and the `booking_counts` triggers are SQL only. Anything
 * else the ORM would change is a schema or a migration that is wrong.
 */
const WRITTEN_BY_HAND = [
  /^alter table "\w+" drop constraint "\w+_fkey";$/,
  /^alter table "\w+" drop constraint "\w+_check";$/,
  /^drop index "\w+_(idx|unique)";$/,
  // The event log's commit-order tie-breaker (an identity column): ordering only, never read into an event.
  /^alter table "events" drop column "seq";$/,
];

describe('the EntitySchemas against the migrations', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let orm: MikroORM;

  beforeAll(async () => {
    database = await scratchDatabase('schema_diff');
    const config = createOrmConfig(database.url);
    orm = await MikroORM.init({
      ...config,
      // Triggers and their functions are hand-written (migration BookingCounts); `idempotency_keys`
      // is written with plain SQL by the idempotency store, which maps no class to it; so is
      // `payment_link_tokens` by the payments repository (a token's hash and where it leads, never an entity),
      // `invoice_counters` and `adjustment_note_counters` by the invoice repositories (each business's
      // next invoice and note number), and
      // `stripe_events` by the Stripe event log (the ids of the Stripe events processed).
      schemaGenerator: {
        ignoreTriggers: true,
        ignoreRoutines: true,
        skipTables: [
          'idempotency_keys',
          'payment_link_tokens',
          'invoice_counters',
          'adjustment_note_counters',
          'stripe_events',
        ],
      },
      debug: false,
    });
    await runMigrations(orm);
  });

  afterAll(async () => {
    await orm?.close(true);
    await database?.drop();
  });

  it('finds no table, column, type, nullability or key to change on a migrated empty database', async () => {
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
    const statements = diff
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(statements.length).toBeGreaterThan(0); // the hand-written part is there, so the comparison ran
    expect(statements.filter((statement) => !WRITTEN_BY_HAND.some((pattern) => pattern.test(statement)))).toEqual([]);
  });
});
