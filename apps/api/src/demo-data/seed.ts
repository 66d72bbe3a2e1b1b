import pg from 'pg';
import type { CardVault } from '@app/wallet';
import { parseAnchor } from './anchor.js';
import { BulkWriter } from './bulk-writer.js';
import { DatasetGenerator, type Scale, type Table, TABLES } from './dataset.js';
import { addDemoRemittances } from './remittances.js';

export interface SeedOptions {
  databaseUrl: string;
  scale: Scale;
  seed: number;
  /** The day the data is built around, `YYYY-MM-DD`: scale, seed and anchor decide every row. */
  anchor: string;
  vault: CardVault;
  /** Replace existing data instead of refusing a database that is not empty. */
  force?: boolean;
  progress?: (line: string) => void;
}

export interface SeedResult {
  organisationIds: string[];
  counts: Map<Table, number>;
  seconds: number;
}

/** The seed of the demo that `npm start` loads, and of `npm run seed` without `--seed`. */
export const DEMO_SEED = 42;

export class DatabaseNotEmptyError extends Error {
  constructor() {
    super('The database already has organisations; pass --force to replace them.');
  }
}

/** Loads a generated clinic group, one database transaction per organisation. */
export async function seedDatabase(options: SeedOptions): Promise<SeedResult> {
  const anchor = parseAnchor(options.anchor);
  if (!anchor) throw new RangeError(`The anchor must be a calendar date, YYYY-MM-DD, not "${options.anchor}"`);
  const started = Date.now();
  const progress = options.progress ?? (() => undefined);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>('select exists (select 1 from organisations) as exists');
    if (rows[0].exists) {
      if (!options.force) throw new DatabaseNotEmptyError();
      progress('Removing existing data (--force)');
      await removeData(client);
    }
    const writer = new BulkWriter(client);
    const generator = new DatasetGenerator(options.seed, anchor, options.vault, writer);
    const plans = generator.plans(options.scale);
    const organisationIds: string[] = [];
    let bookings = 0;
    for (const [index, plan] of plans.entries()) {
      await client.query('begin');
      try {
        const organisation = await generator.organisation(plan, index);
        await writer.flush();
        await addDemoRemittances(client, organisation.id, options.anchor);
        await client.query('commit');
        organisationIds.push(organisation.id);
        bookings += organisation.bookings;
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
      progress(
        `  organisation ${index + 1}/${plans.length} (${plan.kind.specialty}): ${bookings.toLocaleString('en-AU')} bookings so far, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    // Statistics for the planner, and the visibility map that lets counts read indexes alone.
    await client.query('vacuum analyze');
    return { organisationIds, counts: writer.counts, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/** Everything the generator writes, at once (TRUNCATE, not row by row); platform API keys stay. */
async function removeData(client: pg.Client): Promise<void> {
  await client.query('begin');
  await client.query(
    'create temporary table kept_api_keys on commit drop as select * from api_keys where organisation_id is null',
  );
  await client.query(
    `truncate ${[...TABLES, 'time_off', 'booking_counts', 'booking_day_counts', 'api_keys', 'idempotency_keys', 'webhook_deliveries', 'webhook_endpoints', 'events', 'payment_link_tokens', 'notifications', 'invoices', 'invoice_counters', 'adjustment_notes', 'adjustment_note_counters', 'referrals', 'remittances'].join(', ')}`,
  );
  await client.query('insert into api_keys select * from kept_api_keys');
  await client.query('commit');
}
