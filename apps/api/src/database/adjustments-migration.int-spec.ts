import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { scratchDatabase } from '../../../../test/support/scratch-database.js';
import { createOrmConfig } from './orm-config.js';

/**
 * Rows written before adjustments named their payout: a refund after a payout was a row of amount 0
 * carrying it. The migration moves such adjustments onto the payment they adjust.
 */
describe('the migration that gives each adjustment its payout', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let orm: MikroORM;

  beforeAll(async () => {
    database = await scratchDatabase('adjustments_migration');
    orm = await MikroORM.init({ ...createOrmConfig(database.url), debug: false });
    await orm.migrator.up({ to: 'Migration20261126000000CancelledBookingLinks' });
  });

  afterAll(async () => {
    await orm?.close(true);
    await database?.drop();
  });

  it('moves carried refunds onto their payment, each named by the payout that counted it, and counts the payment once per payout', async () => {
    await orm.em.fork().transactional(async (tx) => {
      // The money rows alone, without the organisation, sale and claim they name.
      await tx.execute('set local session_replication_role = replica');
      await legacyRows((text, values) => tx.execute(text, values));
    });

    await orm.migrator.up({ to: 'Migration20261126010000AdjustmentsOfTheirPayments' });

    const connection = orm.em.fork().getConnection();
    const rows = await connection.execute<
      { id: string; payout_id: string | null; amount: number; adjustments: { id: string; payoutId: string | null }[] }[]
    >('select id, payout_id, amount, adjustments from payment_transactions order by created_at, id');
    const parts = rows.map((row) => ({
      id: row.id,
      payoutId: row.payout_id,
      amount: row.amount,
      adjustments: row.adjustments.map((a) => `${a.id} ${a.payoutId}`),
    }));
    expect(parts).toEqual([
      { id: CARD, payoutId: FIRST, amount: 12000, adjustments: [`r1 ${SECOND}`, `r2 ${SECOND}`, 'r3 null'] },
      { id: CLAIM, payoutId: FIRST, amount: 4800, adjustments: [] },
      { id: EARLY, payoutId: FIRST, amount: 3000, adjustments: [`r4 ${FIRST}`] },
    ]);
    // The second payout counted two carried refunds of one payment: it now lists that payment once.
    expect(await connection.execute('select id, transaction_count from payouts order by id')).toEqual([
      { id: FIRST, transaction_count: 3 },
      { id: SECOND, transaction_count: 1 },
    ]);
  });

  // On the rows the test above left.
  it('leaves the later migrations each row and payout changed when it was made: updated_at is created_at', async () => {
    await orm.migrator.up();
    const connection = orm.em.fork().getConnection();
    for (const table of ['payment_transactions', 'payouts']) {
      const rows = await connection.execute<{ same: boolean }[]>(
        `select updated_at = created_at as same from ${table}`,
      );
      expect({ table, rows: rows.length, changed: rows.filter((row) => !row.same).length }).toEqual({
        table,
        rows: table === 'payouts' ? 2 : 3,
        changed: 0,
      });
    }
    // Made when payouts counted claims' benefits: they are marked so, and keep their amounts.
    expect(await connection.execute('select id, counted_claims from payouts order by id')).toEqual([
      { id: FIRST, counted_claims: true },
      { id: SECOND, counted_claims: true },
    ]);
  });
});

const BUSINESS = '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a';
const FIRST = '0193a700-0000-7000-8000-000000000001';
const SECOND = '0193a700-0000-7000-8000-000000000002';
const CARD = '0193a701-0000-7000-8000-000000000001';
const CLAIM = '0193a701-0000-7000-8000-000000000002';
const EARLY = '0193a701-0000-7000-8000-000000000006';

interface LegacyRow {
  id: string;
  payoutId: string | null;
  source: string;
  amount: number;
  fee: number;
  paymentId?: string;
  claimId?: string;
  adjustments?: { id: string; amount: number }[];
  createdAt: string;
}

async function legacyRows(execute: (text: string, values: unknown[]) => Promise<unknown>): Promise<void> {
  for (const [id, amount, count] of [
    [FIRST, 12000 - 180 + 4800 + 3000 - 45 - 300, 3],
    [SECOND, -1000 - 500, 2],
  ] as const) {
    await execute(
      `insert into payouts (id, organisation_id, business_id, amount, currency, status, arrival_date, transaction_count, created_at)
       values (?, 'org_1', ?, ?, 'AUD', 'paid', current_date, ?, now())`,
      [id, BUSINESS, amount, count],
    );
  }
  const refund = (id: string, amount: number) => ({
    id,
    createdAt: '2026-11-24T00:00:00.000Z',
    source: 'refund',
    amount,
  });
  const rows: LegacyRow[] = [
    {
      id: CARD,
      payoutId: FIRST,
      source: 'payment',
      amount: 12000,
      fee: 180,
      paymentId: 'pi_1',
      createdAt: '2026-11-22T00:00:00Z',
    },
    {
      id: CLAIM,
      payoutId: FIRST,
      source: 'health_fund_claim',
      amount: 4800,
      fee: 0,
      claimId: '0193a702-0000-7000-8000-000000000001',
      createdAt: '2026-11-22T00:00:01Z',
    },
    // Refunded before any payout: its adjustment was its payout's all along.
    {
      id: EARLY,
      payoutId: FIRST,
      source: 'payment',
      amount: 3000,
      fee: 45,
      paymentId: 'pi_2',
      adjustments: [refund('r4', -300)],
      createdAt: '2026-11-22T00:00:02Z',
    },
    // Two refunds of the card after the first payout, both counted by the second; a third still waiting.
    ...[
      ['0193a701-0000-7000-8000-000000000003', SECOND, refund('r1', -1000), '2026-11-24T00:00:00Z'],
      ['0193a701-0000-7000-8000-000000000004', SECOND, refund('r2', -500), '2026-11-24T00:00:01Z'],
      ['0193a701-0000-7000-8000-000000000005', null, refund('r3', -250), '2026-11-25T00:00:00Z'],
    ].map(([id, payoutId, adjustment, createdAt]) => ({
      id: id as string,
      payoutId: payoutId as string | null,
      source: 'payment',
      amount: 0,
      fee: 0,
      paymentId: 'pi_1',
      adjustments: [adjustment as { id: string; amount: number }],
      createdAt: createdAt as string,
    })),
  ];
  for (const row of rows) {
    await execute(
      `insert into payment_transactions (id, organisation_id, business_id, transaction_id, payout_id, source, amount, platform_fee_amount, payment, claim_id,
         medicare_claim_id, adjustments, payment_links, events, created_at)
       values (?, 'org_1', ?, '0193a6fb-b425-70e7-82f9-5d6e7f8091a2', ?, ?, ?, ?, ?, ?, null, ?, '[]', '[]', ?)`,
      [
        row.id,
        BUSINESS,
        row.payoutId,
        row.source,
        row.amount,
        row.fee,
        row.paymentId
          ? JSON.stringify({ id: row.paymentId, status: 'succeeded', amount: row.amount, currency: 'AUD' })
          : null,
        row.claimId ?? null,
        JSON.stringify(row.adjustments ?? []),
        row.createdAt,
      ],
    );
  }
}
