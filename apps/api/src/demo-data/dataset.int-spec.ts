import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { isValidAbn } from '@app/organisations';
import { isValidMedicareProviderNumber } from '@app/practitioners';
import { AppConfig, DEFAULT_PLATFORM_FEE_BASIS_POINTS } from '@app/shared';
import { platformFeeOf } from '@app/payments-and-claims';
import { cardVaultFor, isValidMedicareNumber } from '@app/wallet';
import { runMigrations } from '../database/migrate.js';
import { createOrmConfig } from '../database/orm-config.js';
import { parseAnchor } from './anchor.js';
import { DatasetGenerator, type Row, type RowSink, type Table, TABLES } from './dataset.js';
import { DatabaseNotEmptyError, seedDatabase } from './seed.js';

const config = new AppConfig({ DATABASE_URL: 'postgresql://unused', WALLET_ENCRYPTION_KEY: 'ab'.repeat(32) });
const vault = cardVaultFor(config);
const ANCHOR_DATE = '2026-11-22';
const ANCHOR = parseAnchor(ANCHOR_DATE)!;

interface TestDatabase {
  url: string;
  db: pg.Client;
  drop(): Promise<void>;
}

/** An empty, migrated database of its own on the test server (DATABASE_URL's), dropped by `drop`. */
async function createDatabase(label: string): Promise<TestDatabase> {
  const name = `${label}_${Date.now()}_${process.pid}`;
  const serverUrl = process.env.DATABASE_URL!;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const orm = await MikroORM.init({ ...createOrmConfig(url.toString()), debug: false });
  await runMigrations(orm);
  await orm.close();
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.end();
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

const countQuery = (table: string) => `select count(*)::int as count from ${table}`;

/** Booking counters (per organisation, and per organisation and UTC day) that differ from the bookings they count. */
const BOOKING_COUNT_DRIFT = `
  select o.id, c.bookings, c.cancelled, actual.bookings as actual_bookings, actual.cancelled as actual_cancelled
  from organisations o
  left join booking_counts c on c.organisation_id = o.id
  join (select organisation_id, count(*)::int as bookings, (count(*) filter (where cancelled_at is not null))::int as cancelled
        from bookings group by organisation_id) actual on actual.organisation_id = o.id
  where c.bookings is distinct from actual.bookings or c.cancelled is distinct from actual.cancelled
  union all
  select coalesce(c.organisation_id, actual.organisation_id), c.bookings, c.cancelled, actual.bookings, actual.cancelled
  from (select * from booking_day_counts where bookings <> 0 or cancelled <> 0) c
  full join (select organisation_id, (service_date at time zone 'UTC')::date as day, count(*)::int as bookings,
                    (count(*) filter (where cancelled_at is not null))::int as cancelled
             from bookings group by 1, 2) actual on actual.organisation_id = c.organisation_id and actual.day = c.day
  where c.bookings is distinct from actual.bookings or c.cancelled is distinct from actual.cancelled`;

/**
 * Each generated table's row count and digest, rows in id order. Card ciphertext is left out, as
 * its IV is random on purpose, and the opened card numbers are digested instead.
 */
async function tableDigests(db: pg.Client): Promise<Record<string, unknown>> {
  const digests: Record<string, unknown> = {};
  for (const table of TABLES) {
    const { rows } = await db.query<{ count: number; digest: string }>(
      `select count(*)::int as count, md5(string_agg((to_jsonb(t) - 'number_ciphertext')::text, ',' order by t.id)) as digest from ${table} t`,
    );
    digests[table] = rows[0];
  }
  const counters = await db.query<{ digest: string }>(
    `select md5(string_agg(t::text, ',' order by t.organisation_id)) as digest from booking_counts t`,
  );
  digests.booking_counts = counters.rows[0].digest;
  const cards = await db.query<{ id: string; number_ciphertext: string }>(
    'select id, number_ciphertext from wallet_cards where number_ciphertext is not null order by id',
  );
  const numbers = cards.rows.map((card) => `${card.id}:${vault.open(card.number_ciphertext)}`).join(',');
  digests.card_numbers = createHash('md5').update(numbers).digest('hex');
  return digests;
}

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
  let database: TestDatabase;
  let db: pg.Client;
  let databaseUrl: string;

  beforeAll(async () => {
    database = await createDatabase('seed_check');
    ({ url: databaseUrl, db } = database);
    await seedDatabase({ databaseUrl, scale: 'small', seed: 11, anchor: ANCHOR_DATE, vault });
  });

  afterAll(() => database?.drop());

  const rows = async <T extends Record<string, unknown>>(sql: string): Promise<T[]> => (await db.query<T>(sql)).rows;

  it('refuses to load into a database that is not empty unless forced', async () => {
    await expect(
      seedDatabase({ databaseUrl, scale: 'small', seed: 11, anchor: ANCHOR_DATE, vault }),
    ).rejects.toBeInstanceOf(DatabaseNotEmptyError);
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
      const [{ count }] = await rows<{ count: number }>(countQuery(table));
      expect({ table, some: count > 0 }).toEqual({ table, some: true });
    }
  });

  it('makes every payout the sum of its card payment transactions, less fees, plus adjustments, listing its claims at 0', async () => {
    const mismatches = await rows(`
      select p.id, p.amount, p.transaction_count, count(pt.id)::int as count
      from payouts p join payment_transactions pt on pt.payout_id = p.id
      left join lateral (select sum((a->>'amount')::int) as total from jsonb_array_elements(pt.adjustments) a) adj on true
      group by p.id
      having p.amount <> coalesce(sum(pt.amount - pt.platform_fee_amount + coalesce(adj.total, 0)) filter (where pt.source = 'payment'), 0)
          or p.transaction_count <> count(pt.id)
          or count(*) filter (where pt.source = 'payment') = 0`);
    expect(mismatches).toEqual([]);
    const [listed] = await rows<{ claims: number }>(
      `select count(*)::int as claims from payment_transactions where source <> 'payment' and payout_id is not null`,
    );
    expect(listed.claims).toBeGreaterThan(0);
  });

  it("has a GP practice's remittances, one of each status, each the Medicare deposit of a referred bulk bill", async () => {
    const remittances = await rows<{
      status: string;
      amount: number;
      expected_amount: number;
      paid: number;
      benefit: number;
      payment: unknown;
      lodged: string;
      payment_date: string;
    }>(`
      select r.status, r.amount, r.expected_amount, pt.remitted_amount as paid, m.total_rebate_amount as benefit,
             m.payment_status->'payment' as payment, (m.created_at at time zone 'Australia/Sydney')::date::text as lodged,
             r.payment_date::text as payment_date
        from remittances r join payment_transactions pt on pt.remittance_id = r.id join medicare_claims m on m.id = pt.medicare_claim_id
       order by r.payment_date`);
    expect(remittances.map((r) => r.status).sort()).toEqual(['discrepancy', 'reconciled', 'unreconciled']);
    for (const r of remittances) {
      expect(r.amount).toBe(r.paid);
      expect(r.expected_amount).toBe(r.benefit);
      expect(r.payment_date > r.lodged && r.payment_date <= ANCHOR_DATE).toBe(true);
      expect(r.amount === r.expected_amount).toBe(r.status !== 'discrepancy');
      expect(r.payment === null).toBe(r.status !== 'reconciled');
    }
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

  describe('checks out past bookings by the rules of the check-out use case', () => {
    // Each query lists what breaks a rule; every one must come back empty.
    const broken = async (sql: string) => rows(sql);

    it('gives each paid booking one transaction, and each transaction a booking that is paid', async () => {
      expect(
        await broken(`select b.id from bookings b left join transactions t on t.booking_id = b.id
                      where b.paid group by b.id having count(t.id) <> 1`),
      ).toEqual([]);
      expect(
        await broken(
          `select t.id from transactions t join bookings b on b.id = t.booking_id where not b.paid or b.cancelled_at is not null`,
        ),
      ).toEqual([]);
    });

    it("settles every transaction: its charges are the business's rebates and payments, every payment succeeded", async () => {
      expect(
        await broken(`select t.id from transactions t left join payment_transactions pt on pt.transaction_id = t.id
                      group by t.id, t.amount having t.amount <> coalesce(sum(pt.amount), 0)`),
      ).toEqual([]);
      expect(
        await broken(
          `select id from payment_transactions where source = 'payment' and payment->>'status' <> 'succeeded'`,
        ),
      ).toEqual([]);
    });

    it(`charges the platform fee (${DEFAULT_PLATFORM_FEE_BASIS_POINTS} basis points) on card payments only`, async () => {
      const payments = await rows<{ amount: number; platform_fee_amount: number }>(
        `select amount, platform_fee_amount from payment_transactions where source = 'payment'`,
      );
      expect(payments.length).toBeGreaterThan(100);
      expect(
        payments.filter(
          (row) => row.platform_fee_amount !== platformFeeOf(row.amount, DEFAULT_PLATFORM_FEE_BASIS_POINTS),
        ),
      ).toEqual([]);
      expect(
        await broken(`select id from payment_transactions where source <> 'payment' and platform_fee_amount <> 0`),
      ).toEqual([]);
    });

    it("pays a fund's rebate and a bulk bill's benefit to the business, a patient claim's to the patient", async () => {
      expect(
        await broken(`select c.id from claims c left join payment_transactions pt on pt.claim_id = c.id
                      group by c.id, c.total_rebate_amount having count(pt.id) <> 1 or min(pt.amount) <> c.total_rebate_amount`),
      ).toEqual([]);
      expect(
        await broken(`select m.id from medicare_claims m left join payment_transactions pt on pt.medicare_claim_id = m.id
                      group by m.id having count(pt.id) <> (case when min(m.type->>'code') = 'bulk_bill' then 1 else 0 end)
                         or coalesce(min(pt.amount), min(m.total_rebate_amount)) <> min(m.total_rebate_amount)`),
      ).toEqual([]);
      // A bulk bill lowers the charge to the benefit: no gap is left to pay.
      expect(
        await broken(`select m.id from medicare_claims m join transactions t on t.id = m.transaction_id
                      where m.type->>'code' = 'bulk_bill' and (m.total_gap_amount <> 0 or t.amount <> m.total_charge_amount)`),
      ).toEqual([]);
      const [kinds] = await rows<{ bulk: number; patient: number; fund: number }>(
        `select (select count(*)::int from medicare_claims where type->>'code' = 'bulk_bill') as bulk,
                (select count(*)::int from medicare_claims where type->>'code' = 'patient_claim') as patient,
                (select count(*)::int from claims) as fund`,
      );
      expect(Object.values(kinds).every((count) => count > 0)).toBe(true);
    });

    it('claims only a service that happened and was no no-show, from one payer; a bulk bill charges nothing besides', async () => {
      // Every claim with its booking: a fund's (through the payment transaction that names it) and Medicare's.
      const claimed = `select c.id, c.payer, c.created_at, b.id as booking_id, b.service_date, b.attendance
        from (select p.claim_id as id, 'fund' as payer, p.transaction_id, cl.created_at from payment_transactions p join claims cl on cl.id = p.claim_id
              union all select m.id, 'medicare', m.transaction_id, m.created_at from medicare_claims m) c
        join transactions t on t.id = c.transaction_id join bookings b on b.id = t.booking_id`;
      const [{ count }] = await rows<{ count: number }>(`select count(*)::int as count from (${claimed}) c`);
      expect(count).toBeGreaterThan(0);
      expect(
        await broken(`select c.id from (${claimed}) c
                      where c.service_date >= '${ANCHOR.toISOString()}' or c.created_at < c.service_date or c.attendance = 'no_show'`),
      ).toEqual([]);
      expect(
        await broken(
          `select c.booking_id from (${claimed}) c group by c.booking_id having count(distinct c.payer) > 1`,
        ),
      ).toEqual([]);
      expect(
        await broken(`select m.id from medicare_claims m join transactions t on t.id = m.transaction_id
                      join transactions other on other.booking_id = t.booking_id
                      join payment_transactions p on p.transaction_id = other.id
                      where m.type->>'code' = 'bulk_bill' and p.source = 'payment'`),
      ).toEqual([]);
    });

    it("makes a fund claim for the patient its card names, swiped at a terminal of the booking's location or approved by the patient's code", async () => {
      expect(
        await broken(`select c.id from claims c
                      join payment_transactions pt on pt.claim_id = c.id join transactions t on t.id = pt.transaction_id
                      join wallet_cards w on w.id = t.health_fund_card_id join locations l on l.id = t.location_id,
                      jsonb_array_elements(c.items) i
                      where i->>'patientReferenceNumber' is distinct from w.details->>'defaultReferenceNumber'
                         or c.agreement->>'agreedAt' is distinct from to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                         or case c.agreement->>'method'
                              when 'terminal' then not coalesce(c.device->>'terminalId' = any (l.terminal_ids), false)
                              when 'sms' then c.device->>'terminalId' is not null
                                or not exists (select 1 from jsonb_array_elements(t.confirmations) cf where (cf->>'verified')::boolean)
                              else true end`),
      ).toEqual([]);
      const [byCode] = await rows<{ count: number }>(
        "select count(*)::int as count from claims where agreement->>'method' = 'sms'",
      );
      expect(byCode.count).toBeGreaterThan(0);
    });

    it("bulk bills a referred item only under the client's referral, within its sessions and Medicare's 5 a year", async () => {
      const referred = `select m.id, m.referral_id, m.service_date, t.client_id, i->>'itemCode' as item_code
        from medicare_claims m join transactions t on t.id = m.transaction_id, jsonb_array_elements(m.items) i
        where i->>'itemCode' between '10950' and '10970'`;
      expect(
        await broken(`select c.id from (${referred}) c left join referrals r on r.id = c.referral_id
                      where r.client_id is distinct from c.client_id or c.service_date::date < r.issued_on
                         or c.service_date is null`),
      ).toEqual([]);
      expect(
        await broken(`select r.id from referrals r join (${referred}) c on c.referral_id = r.id
                      group by r.id having count(*) > min(r.sessions_referred)`),
      ).toEqual([]);
      expect(
        await broken(`select c.client_id from (${referred}) c
                      group by c.client_id, extract(year from c.service_date) having count(*) > 5`),
      ).toEqual([]);
      const [used] = await rows<{ referrals: number; sessions: number }>(
        `select count(distinct referral_id)::int as referrals, count(*)::int as sessions from (${referred}) c`,
      );
      expect(used.referrals).toBeGreaterThan(0);
      expect(used.sessions).toBeGreaterThan(used.referrals);
    });

    it("names on the transaction only the cards it used, and a client's own", async () => {
      expect(
        await broken(`select t.id from transactions t
                      where (t.health_fund_card_id is not null) <> exists (select 1 from payment_transactions pt where pt.transaction_id = t.id and pt.claim_id is not null)
                         or (t.medicare_card_id is not null) <> exists (select 1 from medicare_claims m where m.transaction_id = t.id)
                         or (t.payment_method_id is not null) <> exists (select 1 from payment_transactions pt where pt.transaction_id = t.id
                                                                         and pt.source = 'payment' and pt.payment->>'paymentMethodId' is not null)`),
      ).toEqual([]);
      expect(
        await broken(`select t.id from transactions t join wallet_cards w on w.id in (t.payment_method_id, t.health_fund_card_id, t.medicare_card_id)
                      where w.client_id <> t.client_id`),
      ).toEqual([]);
    });

    it('refunds only card payments, never above what was paid, and pays each payment transaction out at most once, in its business', async () => {
      expect(
        await broken(`select pt.id from payment_transactions pt, jsonb_array_elements(pt.adjustments) a
                      group by pt.id, pt.source, pt.amount having min(pt.source) <> 'payment' or -sum((a->>'amount')::int) > pt.amount`),
      ).toEqual([]);
      expect(
        await broken(
          `select pt.id from payment_transactions pt join payouts p on p.id = pt.payout_id where p.business_id <> pt.business_id`,
        ),
      ).toEqual([]);
    });
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
    expect(await rows(BOOKING_COUNT_DRIFT)).toEqual([]);
  });

  it('uses valid ABNs, Medicare provider numbers and Medicare card numbers', async () => {
    const abns = await rows<{ tax_identifier: string }>('select tax_identifier from businesses');
    expect(abns.filter(({ tax_identifier }) => !isValidAbn(tax_identifier))).toEqual([]);
    const providerNumbers = await rows<{ number: string }>(
      `select medicare->>'providerNumber' as number from provider_location_links`,
    );
    expect(providerNumbers.filter(({ number }) => !isValidMedicareProviderNumber(number))).toEqual([]);
    const medicareCards = await rows<{ number_ciphertext: string; last4: string }>(
      `select number_ciphertext, last4 from wallet_cards where type = 'medicare_card'`,
    );
    expect(medicareCards.length).toBeGreaterThan(0);
    for (const card of medicareCards) {
      const number = vault.open(card.number_ciphertext);
      expect({ valid: isValidMedicareNumber(number), last4: number.slice(-4) }).toEqual({
        valid: true,
        last4: card.last4,
      });
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

describe('two databases loaded with one scale, seed and anchor', () => {
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    [first, second] = await Promise.all([createDatabase('seed_twin_a'), createDatabase('seed_twin_b')]);
    await seedDatabase({ databaseUrl: first.url, scale: 'small', seed: 11, anchor: ANCHOR_DATE, vault });
    // The second load runs years later by the clock: only the anchor may place the data in time.
    jest.useFakeTimers({
      now: new Date('2031-07-04T15:30:00.000Z'),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    try {
      await seedDatabase({ databaseUrl: second.url, scale: 'small', seed: 11, anchor: ANCHOR_DATE, vault });
    } finally {
      jest.useRealTimers();
    }
  });

  afterAll(() => Promise.all([first?.drop(), second?.drop()]));

  it('hold identical rows, ids included, in every generated table', async () => {
    const [expected, actual] = await Promise.all([tableDigests(first.db), tableDigests(second.db)]);
    expect(actual).toEqual(expected);
    const empty = TABLES.filter((table) => (expected[table] as { count: number }).count === 0);
    expect(empty).toEqual([]);
  });
});

describe('reloading with --force', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createDatabase('seed_force');
  });

  afterAll(() => database?.drop());

  it('replaces every generated row, keeps platform API keys and keeps the booking counters right', async () => {
    const { url, db } = database;
    const before = await seedDatabase({ databaseUrl: url, scale: 'small', seed: 12, anchor: ANCHOR_DATE, vault });
    await db.query(
      `insert into api_keys (id, name, organisation_id, secret_hash, created_at, updated_at) values
         ('key_platform', 'Platform', null, 'hash-platform', '2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z'),
         ('key_clinic', 'Clinic', $1, 'hash-clinic', '2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z')`,
      [before.organisationIds[0]],
    );
    const platformKeys = (await db.query('select * from api_keys where organisation_id is null order by id')).rows;
    expect(platformKeys).toHaveLength(1);

    const after = await seedDatabase({
      databaseUrl: url,
      scale: 'small',
      seed: 11,
      anchor: ANCHOR_DATE,
      vault,
      force: true,
    });

    for (const table of TABLES) {
      const [{ count }] = (await db.query<{ count: number }>(countQuery(table))).rows;
      expect({ table, count }).toEqual({ table, count: after.counts.get(table) });
    }
    const organisations = (await db.query<{ id: string }>('select id from organisations order by id')).rows.map(
      ({ id }) => id,
    );
    expect(organisations).toEqual([...after.organisationIds].sort());
    expect(organisations.filter((id) => before.organisationIds.includes(id))).toEqual([]);
    expect((await db.query('select * from api_keys order by id')).rows).toEqual(platformKeys);
    expect((await db.query(BOOKING_COUNT_DRIFT)).rows).toEqual([]);
    const [{ count: dayCounters }] = (await db.query<{ count: number }>(countQuery('booking_day_counts'))).rows;
    expect(dayCounters).toBeGreaterThan(0);
    const [{ count: counters }] = (await db.query<{ count: number }>(countQuery('booking_counts'))).rows;
    expect(counters).toBe(organisations.length);
  });
});
