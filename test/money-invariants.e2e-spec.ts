import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { claimAddsUp } from '@app/payments-and-claims';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  type Body,
  createAppointmentType,
  createBusiness,
  createClient,
  createLink,
  createLocation,
  createProvider,
  createTenant,
  created,
  orgPath,
  payLink,
  postJson,
  sql,
  type Tenant,
} from './support/fixtures.js';

// Random sequences of check-outs (every mix of claim, Medicare, card, link and decline), check-outs
// again of bookings a void left unpaid, link payments, voids, refunds, cancellation fees and payout
// runs, each on a business of its own, with every money invariant read back from the database after
// each step.

const BUPA = '0193a6f2-0001-7000-8000-000000000002';
const MEDICARE_NUMBER = '2123456701';

let t: TestApp;
let home: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t, 'Property Clinic');
  await t
    .http()
    .patch(`/v1/organisations/${home.id}/booking-settings`)
    .set('Authorization', home.auth)
    .set('Content-Type', 'application/json')
    .send(
      JSON.stringify({ cancellationFeeEnabled: true, cancellationFeeAmount: 3000, cancellationNoFeeBeforeHours: 48 }),
    )
    .expect(200);
});

afterAll(async () => {
  await t?.close();
});

type CheckOutKind =
  'card' | 'fund_card' | 'bulk_bill' | 'patient_claim_card' | 'link' | 'fund_link' | 'declined' | 'fund_declined';
type Step =
  | { do: 'checkOut'; kind: CheckOutKind }
  | { do: 'checkOutAgain'; pick: number; kind: CheckOutKind }
  | { do: 'payLink'; pick: number }
  | { do: 'void'; pick: number }
  | { do: 'refund'; pick: number; share: number }
  | { do: 'cancelWithFee'; declined: boolean }
  | { do: 'payout' };

const steps = fc.array(
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        do: fc.constant('checkOut' as const),
        kind: fc.constantFrom<CheckOutKind>(
          'card',
          'fund_card',
          'bulk_bill',
          'patient_claim_card',
          'link',
          'fund_link',
          'declined',
          'fund_declined',
        ),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        do: fc.constant('checkOutAgain' as const),
        pick: fc.nat(),
        kind: fc.constantFrom<CheckOutKind>(
          'card',
          'fund_card',
          'bulk_bill',
          'patient_claim_card',
          'link',
          'fund_link',
          'declined',
          'fund_declined',
        ),
      }),
    },
    { weight: 2, arbitrary: fc.record({ do: fc.constant('payLink' as const), pick: fc.nat() }) },
    { weight: 2, arbitrary: fc.record({ do: fc.constant('void' as const), pick: fc.nat() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        do: fc.constant('refund' as const),
        pick: fc.nat(),
        share: fc.double({ min: 0.05, max: 1.2, noNaN: true }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ do: fc.constant('cancelWithFee' as const), declined: fc.boolean() }) },
    { weight: 2, arbitrary: fc.record({ do: fc.constant('payout' as const) }) },
  ),
  { minLength: 4, maxLength: 10 },
);

interface Shop {
  businessId: string;
  cards: Record<'visa' | 'declining' | 'fund' | 'medicare', string>;
  newBooking(soon?: boolean, paymentMethodId?: string): Promise<Body>;
  sales: Body[];
  payoutAmounts: Map<string, number>;
}

async function shop(): Promise<Shop> {
  // Per shop (each has its own provider): soon bookings stay well inside the 48-hour fee window.
  let slot = 0;
  const business = await createBusiness(t, home.id);
  const location = await createLocation(t, home.id, business.id);
  const provider = await createProvider(t, home.id);
  await createLink(t, home.id, provider.id, location.id, { medicare: { providerNumber: '2429591L' } });
  const type = await createAppointmentType(t, home.id, {
    providers: [provider.id],
    locations: [location.id],
    price: 12000,
    billableItems: [
      { name: 'Long GP consultation', basePrice: 9000, itemCode: '36' },
      { name: 'Physiotherapy', basePrice: 6000, itemCode: '500' },
    ],
  });
  const client = await createClient(t, home.id);
  const card = async (body: Body) =>
    (await created(postJson(t, orgPath(home.id, `/clients/${client.id}/wallet/cards`), body, home.auth))).id as string;
  const cards = {
    visa: await card({ type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa' } }),
    declining: await card({
      type: 'payment_method',
      paymentMethod: { paymentMethodId: 'pm_card_visa_chargeDeclined' },
    }),
    fund: await card({ type: 'health_fund_card', healthFundCard: { healthFundId: BUPA, memberNumber: '40012345' } }),
    medicare: await card({
      type: 'medicare_card',
      medicareCard: {
        memberNumber: MEDICARE_NUMBER,
        referenceNumber: '1',
        firstName: 'Alex',
        lastName: 'Chen',
        dateOfBirth: '1990-04-02',
      },
    }),
  };
  return {
    businessId: business.id,
    cards,
    sales: [],
    payoutAmounts: new Map(),
    async newBooking(soon = false, paymentMethodId?: string) {
      const base = soon ? Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3 * 3_600_000 : Date.UTC(2027, 8, 1);
      const serviceDate = new Date(base + slot++ * 61 * 60_000).toISOString();
      return created(
        postJson(
          t,
          orgPath(home.id, '/bookings'),
          {
            clientId: client.id,
            providerId: provider.id,
            locationId: location.id,
            appointmentTypeId: type.id,
            serviceDate,
            ...(paymentMethodId ? { paymentMethodId } : {}),
          },
          home.auth,
        ),
      );
    },
  };
}

function bodyOf(kind: CheckOutKind, cards: Shop['cards']): Body {
  const fund = { healthFundClaim: { healthFundCardId: cards.fund } };
  const card = { payment: { paymentMethodId: cards.visa } };
  switch (kind) {
    case 'card':
      return card;
    case 'fund_card':
      return { ...fund, ...card };
    case 'bulk_bill':
      return {
        items: [{ description: 'GP consultation', itemCode: '36', chargeAmount: 9000 }],
        medicareClaim: { type: 'bulk_bill', patientMedicareCardId: cards.medicare },
      };
    case 'patient_claim_card':
      return {
        items: [{ description: 'GP consultation', itemCode: '36', chargeAmount: 9000 }],
        medicareClaim: { type: 'patient_claim', patientMedicareCardId: cards.medicare },
        ...card,
      };
    case 'link':
      return { paymentLink: {} };
    case 'fund_link':
      return { ...fund, paymentLink: {} };
    case 'declined':
      return { payment: { paymentMethodId: cards.declining } };
    case 'fund_declined':
      return { ...fund, payment: { paymentMethodId: cards.declining } };
  }
}

const pick = <T>(items: T[], index: number): T | undefined => (items.length ? items[index % items.length] : undefined);
const partsOf = (sales: Body[], test: (part: Body) => boolean) =>
  sales.flatMap((sale) => sale.paymentTransactions.filter(test));

async function run(step: Step, s: Shop): Promise<void> {
  switch (step.do) {
    case 'checkOut': {
      const booking = await s.newBooking();
      const [before] = await sql<{ count: number }>(
        t,
        'select count(*)::int as count from payment_transactions where business_id = ?',
        [s.businessId],
      );
      const response = await postJson(
        t,
        orgPath(home.id, `/bookings/${booking.id}/transactions`),
        bodyOf(step.kind, s.cards),
        home.auth,
      );
      if (step.kind.endsWith('declined')) {
        expect({ status: response.status, code: response.body.code }).toEqual({ status: 402, code: 'card_declined' });
        const [after] = await sql<{ count: number }>(
          t,
          'select count(*)::int as count from payment_transactions where business_id = ?',
          [s.businessId],
        );
        expect(after.count).toBe(before.count);
        return;
      }
      expect(response.status).toBe(201);
      s.sales.push(response.body);
      return;
    }
    case 'checkOutAgain': {
      const unpaid = await sql<{ id: string }>(
        t,
        `select b.id from bookings b where b.id in (select booking_id from transactions where business_id = ?) and not b.paid and b.cancelled_at is null
         order by b.id`,
        [s.businessId],
      );
      const booking = pick(unpaid, step.pick);
      if (!booking) return;
      const response = await postJson(
        t,
        orgPath(home.id, `/bookings/${booking.id}/transactions`),
        bodyOf(step.kind, s.cards),
        home.auth,
      );
      if (response.status === 201) {
        s.sales.push(response.body);
        return;
      }
      // Nothing open, a claim that stands, a link still open, or the declined card.
      expect([
        '409 booking_already_paid',
        '409 booking_already_claimed',
        '409 payment_link_open',
        ...(step.kind.endsWith('declined') ? ['402 card_declined'] : []),
      ]).toContain(`${response.status} ${response.body.code}`);
      return;
    }
    case 'payLink': {
      const link = pick(
        partsOf(s.sales, (part) => part.paymentLinks?.length),
        step.pick,
      );
      if (!link) return;
      const response = await payLink(t, link.paymentLinks[0].url);
      expect([200, 409]).toContain(response.status);
      return;
    }
    case 'void': {
      // A health fund claim or a bulk-billed Medicare claim: the route takes either.
      const sale = pick(
        s.sales.filter((candidate) =>
          candidate.paymentTransactions.some((part: Body) => part.claim || part.medicareClaim),
        ),
        step.pick,
      );
      if (!sale) return;
      const claimPart = sale.paymentTransactions.find((part: Body) => part.claim || part.medicareClaim);
      const claim = claimPart.claim ?? claimPart.medicareClaim;
      const response = await postJson(
        t,
        orgPath(home.id, `/transactions/${sale.id}/claims/${claim.id}/void`),
        {},
        home.auth,
      );
      expect([200, 409]).toContain(response.status);
      return;
    }
    case 'refund': {
      const payments = await sql<{ id: string; amount: number }>(
        t,
        "select id, amount from payment_transactions where business_id = ? and source = 'payment' and amount > 0 and payment->>'status' = 'succeeded' order by created_at, id",
        [s.businessId],
      );
      const row = pick(payments, step.pick);
      if (!row) return;
      const amount = Math.max(1, Math.round(row.amount * step.share));
      const response = await postJson(
        t,
        orgPath(home.id, `/payment-transactions/${row.id}/refunds`),
        { amount },
        home.auth,
      );
      expect([201, 409]).toContain(response.status);
      if (response.status === 409) expect(response.body.code).toBe('refund_exceeds_payment');
      return;
    }
    case 'cancelWithFee': {
      const booking = await s.newBooking(true, step.declined ? s.cards.declining : s.cards.visa);
      const response = await postJson(
        t,
        orgPath(home.id, `/bookings/${booking.id}/cancel`),
        { chargeCancellationFee: true },
        home.auth,
      );
      expect(response.status).toBe(step.declined ? 402 : 200);
      return;
    }
    case 'payout': {
      const response = await postJson(t, `/v1/businesses/${s.businessId}/payouts`, {}, t.platformAuth);
      expect([201, 409]).toContain(response.status);
      if (response.status === 201) s.payoutAmounts.set(response.body.id, response.body.amount);
      else expect(response.body.code).toBe('nothing_to_pay_out');
      return;
    }
  }
}

interface Row {
  id: string;
  transaction_id: string;
  payout_id: string | null;
  source: string;
  amount: number;
  platform_fee_amount: number;
  adjustments: { amount: number; source: string; createdAt: string; payoutId: string | null }[];
  payment: { id: string; status: string; amount: number } | null;
}
const net = (row: Row) =>
  row.amount - row.platform_fee_amount + row.adjustments.reduce((sum, adjustment) => sum + adjustment.amount, 0);
const settled = (row: Row) => row.source !== 'payment' || row.payment?.status === 'succeeded';
/** What the payout (`null`: none yet) counted of a row: its amount less the fee if it paid the row out, and the adjustments it took. */
const partOf = (payoutId: string | null, row: Row) =>
  (row.payout_id === payoutId ? row.amount - row.platform_fee_amount : 0) +
  row.adjustments
    .filter((adjustment) => adjustment.payoutId === payoutId)
    .reduce((sum, adjustment) => sum + adjustment.amount, 0);
const touches = (payoutId: string, row: Row) =>
  row.payout_id === payoutId || row.adjustments.some((adjustment) => adjustment.payoutId === payoutId);

async function expectInvariants(s: Shop): Promise<void> {
  const rows = await sql<Row>(
    t,
    'select id, transaction_id, payout_id, source, amount, platform_fee_amount, adjustments, payment from payment_transactions where business_id = ?',
    [s.businessId],
  );
  // Claims add up, and no rebate exceeds its charge.
  const claims = await sql<Body>(
    t,
    `select total_charge_amount as "totalChargeAmount", total_rebate_amount as "totalRebateAmount", total_gap_amount as "totalGapAmount", items
     from claims where id in (select claim_id from payment_transactions where business_id = ?)
     union all
     select total_charge_amount, total_rebate_amount, total_gap_amount, items from medicare_claims where transaction_id in (select id from transactions where business_id = ?)`,
    [s.businessId, s.businessId],
  );
  for (const claim of claims) {
    expect(claimAddsUp(claim as never)).toBe(true);
    for (const item of claim.items) expect(item.rebateAmount).toBeLessThanOrEqual(item.chargeAmount);
  }
  // A booking's first check-out: once settled, its charges are its rebates and payments.
  const transactions = await sql<{
    id: string;
    amount: number;
    booking_id: string | null;
    paid: boolean | null;
    cancelled: boolean;
    created_at: Date;
  }>(
    t,
    `select tx.id, tx.amount, tx.booking_id, b.paid, b.cancelled_at is not null as cancelled, tx.created_at
     from transactions tx left join bookings b on b.id = tx.booking_id where tx.business_id = ? order by tx.created_at, tx.id`,
    [s.businessId],
  );
  const partsOfTransaction = (id: string) => rows.filter((row) => row.transaction_id === id);
  const checkOutsByBooking = Map.groupBy(
    transactions.filter((transaction) => transaction.booking_id !== null && !transaction.cancelled),
    (transaction) => transaction.booking_id!,
  );
  for (const [first] of checkOutsByBooking.values()) {
    const parts = partsOfTransaction(first.id);
    if (parts.every(settled)) expect(parts.reduce((sum, row) => sum + row.amount, 0)).toBe(first.amount);
  }
  // However often a booking is checked out, it never holds more than its charges (as its newest
  // check-out states them). It is paid exactly when that check-out is in hand and no void took its
  // claim's money back, and then holds its charges, less what was refunded since.
  for (const [bookingId, checkOuts] of checkOutsByBooking) {
    const latest = checkOuts[checkOuts.length - 1];
    const parts = checkOuts.flatMap((checkOut) => partsOfTransaction(checkOut.id));
    const held = parts
      .filter(settled)
      .reduce(
        (sum, row) => sum + row.amount + row.adjustments.reduce((total, adjustment) => total + adjustment.amount, 0),
        0,
      );
    expect({ bookingId, heldAboveCharges: Math.max(0, held - latest.amount) }).toEqual({
      bookingId,
      heldAboveCharges: 0,
    });
    const latestParts = partsOfTransaction(latest.id);
    const paid =
      latestParts.every(settled) &&
      !latestParts.some((row) => row.adjustments.some((adjustment) => adjustment.source === 'claim_void'));
    expect({ bookingId, paid: latest.paid }).toEqual({ bookingId, paid });
    if (paid) {
      const refundedSince = parts
        .flatMap((row) => row.adjustments)
        .filter(
          (adjustment) =>
            adjustment.source === 'refund' && Date.parse(adjustment.createdAt) >= new Date(latest.created_at).getTime(),
        )
        .reduce((sum, adjustment) => sum - adjustment.amount, 0);
      expect({ bookingId, held: held + refundedSince }).toEqual({ bookingId, held: latest.amount });
    }
  }
  // A card payment is one payment transaction, its refunds among its adjustments, and they never exceed it.
  const cardPayments = rows.filter((row) => row.source === 'payment' && settled(row));
  expect(new Set(cardPayments.map((row) => row.payment!.id)).size).toBe(cardPayments.length);
  for (const row of cardPayments) {
    const refunded = row.adjustments
      .filter((adjustment) => adjustment.source === 'refund')
      .reduce((sum, adjustment) => sum - adjustment.amount, 0);
    expect(refunded).toBeLessThanOrEqual(row.amount);
  }
  // Payouts add up to the cent, never change, and with what waits account for everything settled:
  // each amount and each adjustment counted by one payout at most, none by a failed one.
  const payouts = await sql<{ id: string; amount: number; status: string; transaction_count: number }>(
    t,
    'select id, amount, status, transaction_count from payouts where business_id = ?',
    [s.businessId],
  );
  for (const payout of payouts) {
    expect(payout.amount).toBe(s.payoutAmounts.get(payout.id));
    if (payout.status === 'failed') {
      expect(rows.filter((row) => touches(payout.id, row))).toEqual([]);
      continue;
    }
    expect({
      amount: rows.reduce((sum, row) => sum + partOf(payout.id, row), 0),
      count: rows.filter((row) => touches(payout.id, row)).length,
    }).toEqual({ amount: payout.amount, count: payout.transaction_count });
  }
  expect(rows.filter((row) => row.payout_id !== null).every(settled)).toBe(true);
  const paidOut = payouts
    .filter((payout) => payout.status !== 'failed')
    .reduce((sum, payout) => sum + payout.amount, 0);
  const waiting = rows.filter(settled).reduce((sum, row) => sum + partOf(null, row), 0);
  expect(paidOut + waiting).toBe(rows.filter(settled).reduce((sum, row) => sum + net(row), 0));
}

describe('money invariants under random sequences', () => {
  it('hold after every step of check-outs, check-outs again, link payments, voids, refunds, cancellation fees and payout runs', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        const s = await shop();
        for (const step of sequence) {
          await run(step, s);
          await expectInvariants(s);
        }
      }),
      {
        numRuns: Number(process.env.MONEY_RUNS ?? 6),
        endOnFailure: true,
        // Always tried besides the random ones: a booking a void left unpaid, checked out again; a
        // refund and a void after a payout, counted by the next.
        examples: [
          [
            [
              { do: 'checkOut', kind: 'card' },
              { do: 'checkOut', kind: 'fund_card' },
              { do: 'payout' },
              { do: 'refund', pick: 0, share: 0.3 },
              { do: 'void', pick: 0 },
              { do: 'checkOut', kind: 'card' },
              { do: 'payout' },
              { do: 'refund', pick: 0, share: 0.2 },
            ],
          ],
          [
            [
              { do: 'checkOut', kind: 'fund_card' },
              { do: 'void', pick: 0 },
              { do: 'checkOutAgain', pick: 0, kind: 'fund_card' },
              { do: 'payout' },
            ],
          ],
          [
            [
              { do: 'checkOut', kind: 'fund_card' },
              { do: 'refund', pick: 0, share: 0.3 },
              { do: 'void', pick: 0 },
              { do: 'checkOutAgain', pick: 0, kind: 'card' },
              { do: 'refund', pick: 1, share: 0.5 },
              { do: 'payout' },
            ],
          ],
          [
            [
              { do: 'checkOut', kind: 'bulk_bill' },
              { do: 'void', pick: 0 },
              { do: 'checkOutAgain', pick: 0, kind: 'fund_link' },
              { do: 'payLink', pick: 0 },
              { do: 'payout' },
            ],
          ],
        ],
      },
    );
  }, 240_000);
});
