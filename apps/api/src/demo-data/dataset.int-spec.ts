import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { isValidAbn } from '@app/organisations';
import { isValidMedicareProviderNumber } from '@app/practitioners';
import { AppConfig } from '@app/shared';
import { cardVaultFor, isValidMedicareNumber } from '@app/wallet';
import { runMigrations } from '../database/migrate.js';
import { createOrmConfig } from '../database/orm-config.js';
import { DatasetGenerator, type Row, type RowSink, type Table } from './dataset.js';
import { DatabaseNotEmptyError, seedDatabase } from './seed.js';

const config = new AppConfig({ DATABASE_URL: 'postgresql://unused', WALLET_ENCRYPTION_KEY: 'ab'.repeat(32) });
const vault = cardVaultFor(config);
const ANCHOR = new Date('2026-11-22T00:00:00.000Z');

/** Hashes every generated row, table by table; ciphertext is left out, as its IV is random on purpose. */
class HashingSink implements RowSink {
  readonly hash = createHash('sha256');
  readonly counts = new Map<Table, number>();
  add(table: Table, row: Row): void {
    const { number_ciphertext: _ciphertext, ...rest } = row;
    this.hash.update(`${table}:${JSON.stringify(rest)}\n`);
    this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
  }
  async checkpoint(): Promise<void> {}
}

async function generate(seed: number): Promise<HashingSink> {
  const sink = new HashingSink();
  const generator = new DatasetGenerator(seed, ANCHOR, vault, sink);
  for (const [index, plan] of generator.plans('small').entries()) await generator.organisation(plan, index);
  return sink;
}

describe('the demo data generator', () => {
  it('builds identical data, ids included, from one seed', async () => {
    const [first, second] = await Promise.all([generate(7), generate(7)]);
    expect(first.hash.digest('hex')).toBe(second.hash.digest('hex'));
    expect(first.counts.get('bookings')).toBeGreaterThan(100);
  });

  it('builds different data from another seed', async () => {
    const [first, other] = await Promise.all([generate(7), generate(8)]);
    expect(first.hash.digest('hex')).not.toBe(other.hash.digest('hex'));
  });
});

describe('a seeded database', () => {
  const databaseName = `seed_check_${Date.now()}_${process.pid}`;
  let admin: pg.Client;
  let db: pg.Client;
  let databaseUrl: string;

  beforeAll(async () => {
    const serverUrl = new URL(process.env.DATABASE_URL!);
    admin = new pg.Client({ connectionString: serverUrl.toString() });
    await admin.connect();
    await admin.query(`create database "${databaseName}"`);
    serverUrl.pathname = `/${databaseName}`;
    databaseUrl = serverUrl.toString();
    const orm = await MikroORM.init({ ...createOrmConfig(databaseUrl), debug: false });
    await runMigrations(orm);
    await orm.close();
    await seedDatabase({ databaseUrl, scale: 'small', seed: 11, anchor: ANCHOR, vault });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await admin.query(`drop database if exists "${databaseName}" with (force)`);
    await admin.end();
  });

  const rows = async <T extends Record<string, unknown>>(sql: string): Promise<T[]> => (await db.query<T>(sql)).rows;

  it('refuses to load into a database that is not empty unless forced', async () => {
    await expect(seedDatabase({ databaseUrl, scale: 'small', seed: 11, anchor: ANCHOR, vault })).rejects.toBeInstanceOf(DatabaseNotEmptyError);
  });

  it('has every kind of row', async () => {
    for (const table of [
      'organisations',
      'businesses',
      'locations',
      'providers',
      'appointment_types',
      'clients',
      'wallet_cards',
      'bookings',
      'transactions',
      'claims',
      'medicare_claims',
      'payment_transactions',
      'payouts',
      'plan_template_links',
    ]) {
      const [{ count }] = await rows<{ count: number }>(`select count(*)::int as count from ${table}`);
      expect({ table, some: count > 0 }).toEqual({ table, some: true });
    }
  });

  it('makes every payout the sum of its payment transactions, less fees, plus adjustments', async () => {
    const mismatches = await rows(`
      select p.id, p.amount, p.transaction_count, sum(pt.amount - pt.platform_fee_amount + coalesce(adj.total, 0))::int as expected, count(pt.id)::int as count
      from payouts p join payment_transactions pt on pt.payout_id = p.id
      left join lateral (select sum((a->>'amount')::int) as total from jsonb_array_elements(pt.adjustments) a) adj on true
      group by p.id having p.amount <> sum(pt.amount - pt.platform_fee_amount + coalesce(adj.total, 0)) or p.transaction_count <> count(pt.id)`);
    expect(mismatches).toEqual([]);
  });

  it('makes claim totals the sums of their items, and the gap the charge less the rebate', async () => {
    for (const table of ['claims', 'medicare_claims']) {
      const mismatches = await rows(`
        select c.id from ${table} c, lateral (
          select sum((i->>'chargeAmount')::int) as charge, sum((i->>'rebateAmount')::int) as rebate from jsonb_array_elements(c.items) i) items
        where c.total_charge_amount <> items.charge or c.total_rebate_amount <> items.rebate or c.total_gap_amount <> c.total_charge_amount - c.total_rebate_amount`);
      expect({ table, mismatches }).toEqual({ table, mismatches: [] });
    }
    const transactions = await rows(`
      select t.id from transactions t, lateral (select sum((i->>'chargeAmount')::int) as charge from jsonb_array_elements(t.items) i) items where t.amount <> items.charge`);
    expect(transactions).toEqual([]);
  });

  it('never overlaps two confirmed bookings of a provider, except places in one group session', async () => {
    const overlaps = await rows(`
      select a.id, b.id from bookings a join bookings b
        on a.provider_id = b.provider_id and a.id < b.id and a.service_date < b.ends_at and b.service_date < a.ends_at
      join appointment_types t on t.id = a.appointment_type_id
      where a.cancelled_at is null and b.cancelled_at is null
        and not (a.appointment_type_id = b.appointment_type_id and a.service_date = b.service_date and t.max_attendees > 1)`);
    expect(overlaps).toEqual([]);
  });

  it('keeps the booking counters that lists read equal to the bookings', async () => {
    const drift = await rows(`
      select o.id, c.bookings, c.cancelled, actual.bookings as actual_bookings, actual.cancelled as actual_cancelled
      from organisations o
      left join booking_counts c on c.organisation_id = o.id
      join (select organisation_id, count(*)::int as bookings, (count(*) filter (where cancelled_at is not null))::int as cancelled
            from bookings group by organisation_id) actual on actual.organisation_id = o.id
      where c.bookings is distinct from actual.bookings or c.cancelled is distinct from actual.cancelled`);
    expect(drift).toEqual([]);
  });

  it('uses valid ABNs, Medicare provider numbers and Medicare card numbers', async () => {
    const abns = await rows<{ tax_identifier: string }>('select tax_identifier from businesses');
    expect(abns.filter(({ tax_identifier }) => !isValidAbn(tax_identifier))).toEqual([]);
    const providerNumbers = await rows<{ number: string }>(`select medicare->>'providerNumber' as number from provider_location_links`);
    expect(providerNumbers.filter(({ number }) => !isValidMedicareProviderNumber(number))).toEqual([]);
    const medicareCards = await rows<{ number_ciphertext: string; last4: string }>(
      `select number_ciphertext, last4 from wallet_cards where type = 'medicare_card'`,
    );
    expect(medicareCards.length).toBeGreaterThan(0);
    for (const card of medicareCards) {
      const number = vault.open(card.number_ciphertext);
      expect({ valid: isValidMedicareNumber(number), last4: number.slice(-4) }).toEqual({ valid: true, last4: card.last4 });
    }
  });

  it('has past and future, confirmed and cancelled bookings over about two years', async () => {
    const [span] = await rows<{ past: number; future: number; cancelled: number; days: number }>(`
      select count(*) filter (where service_date < '${ANCHOR.toISOString()}')::int as past,
             count(*) filter (where service_date >= '${ANCHOR.toISOString()}')::int as future,
             count(*) filter (where cancelled_at is not null)::int as cancelled,
             extract(day from max(service_date) - min(service_date))::int as days
      from bookings`);
    expect(span.past).toBeGreaterThan(0);
    expect(span.future).toBeGreaterThan(0);
    expect(span.cancelled).toBeGreaterThan(0);
    expect(span.days).toBeGreaterThan(600);
    const [{ future_created: futureCreated }] = await rows<{ future_created: number }>(
      `select count(*)::int as future_created from bookings where created_at > '${ANCHOR.toISOString()}' or cancelled_at > '${ANCHOR.toISOString()}'`,
    );
    expect(futureCreated).toBe(0);
  });
});
