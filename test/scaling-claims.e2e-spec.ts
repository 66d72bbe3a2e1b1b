import { MikroORM } from '@mikro-orm/postgresql';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/test-app.js';

// docs/scaling-beyond-one-primary.md says how each table would sit on Citus. These checks hold that
// account to the migrated schema, so it cannot drift from it.

type Placement = 'distributed' | 'reference' | 'distributed by `api_key_hash`' | 'coordinator only';

/** The page's table of placements: `| \`name\` | placement | why |`. */
function documentedPlacements(): Map<string, Placement> {
  const page = readFileSync(join(import.meta.dirname, '..', 'docs', 'scaling-beyond-one-primary.md'), 'utf8');
  const citus = page.slice(page.indexOf('## Distribute by organisation on Citus'));
  return new Map([...citus.matchAll(/^\| `([a-z_]+)` \| ([^|]+?) \|/gm)].map((row) => [row[1], row[2] as Placement]));
}

let t: TestApp;
let orm: MikroORM;
const query = <R>(sql: string, values: unknown[] = []) => orm.em.fork().getConnection().execute<R[]>(sql, values);

beforeAll(async () => {
  t = await createTestApp();
  orm = t.app.get(MikroORM);
});
afterAll(() => t.close());

describe('the documented plan for Citus, against the schema', () => {
  const placements = documentedPlacements();
  const tablesPlaced = (placement: Placement) =>
    [...placements].filter(([, where]) => where === placement).map(([table]) => table);

  it('places only tables that exist', async () => {
    const tables = (
      await query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )
    ).map((row) => row.table_name);
    expect(placements.size).toBeGreaterThan(15);
    expect([...placements.keys()].filter((table) => !tables.includes(table))).toEqual([]);
  });

  it('distributes by organisation only tables where every row has an organisation_id, and leaves no tenant table out', async () => {
    const withOrganisation = await query<{ table_name: string; is_nullable: string }>(
      `select c.table_name, c.is_nullable from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.column_name = 'organisation_id'`,
    );
    const required = withOrganisation.filter((row) => row.is_nullable === 'NO').map((row) => row.table_name);
    expect(tablesPlaced('distributed').filter((table) => !required.includes(table))).toEqual([]);

    // Every other table of the schema is one the page places elsewhere, on purpose.
    const tables = (
      await query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )
    ).map((row) => row.table_name);
    const placedElsewhere = [...placements].filter(([, where]) => where !== 'distributed').map(([table]) => table);
    expect(tables.filter((table) => !required.includes(table) && !placedElsewhere.includes(table))).toEqual([]);
  });

  it('names exactly the unique indexes of distributed tables that would need organisation_id', async () => {
    const indexes = await query<{ table: string; index: string; definition: string }>(
      `select c.relname as table, i.relname as index, pg_get_indexdef(x.indexrelid) as definition
         from pg_index x join pg_class c on c.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
        where c.relnamespace = 'public'::regnamespace and x.indisunique and not x.indisprimary`,
    );
    const distributed = tablesPlaced('distributed');
    const needingOrganisation = indexes
      .filter((index) => distributed.includes(index.table) && !/\(organisation_id\b/.test(index.definition))
      .map((index) => index.index)
      .sort();
    expect(needingOrganisation).toEqual([
      'adjustment_notes_number_unique',
      'adjustment_notes_refund_unique',
      'bookings_manage_token_idx',
      'invoices_number_unique',
      'invoices_transaction_unique',
      'notifications_booking_id_type_channel_occurrence_key',
      'payment_transactions_processor_payment_unique',
      'payouts_bank_payout_unique',
      'provider_location_links_live_unique',
      'wallet_cards_client_fingerprint_unique',
    ]);
  });

  it('keys idempotency keys by (api_key_hash, key), so they can be distributed by api_key_hash', async () => {
    const [primaryKey] = await query<{ definition: string }>(
      `select pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = 'idempotency_keys'::regclass and contype = 'p'`,
    );
    expect(primaryKey.definition).toBe('PRIMARY KEY (api_key_hash, key)');
  });

  it('has the foreign keys into bookings that the page says partitioning by service date must change', async () => {
    const references = await query<{ name: string }>(
      `select conname as name from pg_constraint where confrelid = 'bookings'::regclass and contype = 'f'`,
    );
    expect(references.map((reference) => reference.name).sort()).toEqual([
      'invoices_booking_id_fkey',
      'notifications_booking_id_fkey',
      'transactions_booking_id_fkey',
    ]);
  });

  it('keeps booking counts by statement-level triggers on bookings, as the partitioning plan assumes', async () => {
    const triggers = await query<{ name: string; level: string }>(
      `select tgname as name, case when tgtype & 1 = 1 then 'row' else 'statement' end as level from pg_trigger where tgrelid = 'bookings'::regclass and not tgisinternal order by 1`,
    );
    expect(triggers).toEqual([
      { name: 'bookings_count_deleted', level: 'statement' },
      { name: 'bookings_count_inserted', level: 'statement' },
      { name: 'bookings_count_updated', level: 'statement' },
    ]);
  });
});
