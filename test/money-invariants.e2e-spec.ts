import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { claimAddsUp, ConfirmCheckOut } from '@app/payments-and-claims';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  SIGNED_ASSIGNMENT,
  CLAIMING_TERMINAL,
  type Body,
  createAppointmentType,
  createBusiness,
  createClient,
  createLink,
  createLocation,
  createProvider,
  createTenant,
  created,
  inContext,
  orgPath,
  payLink,
  postJson,
  sql,
  type Tenant,
} from './support/fixtures.js';
import { partOf, touches } from './support/payout-books.js';
import { FUTURE_YEAR, PAST_YEAR } from './support/future-year.js';

// Random sequences of check-outs (every mix of claim, Medicare, card, link and decline, of services
// that happened and of ones still to come), check-outs again of bookings a void, an expired link or a
// no-show left unpaid, link payments and expiries, voids, no-shows, refunds, cancellation fees and
// payout runs, each on a business of its own, with every money invariant read back from the database
// after each step. The model knows the check-out's rules: a claim only for a service that happened
// and not a no-show, from one payer, and a bulk bill with no charge besides. Claims the patient
// approves by code wait for it, and are confirmed, locked by wrong codes, expired or cancelled by a
// no-show. The organisation is a sandbox one, so a code reaches the patient with no SMS provider.

const BUPA = '0193a6f2-0001-7000-8000-000000000002';
const MEDICARE_NUMBER = '2123456701';

let t: TestApp;
let home: Tenant;

beforeAll(async () => {
  t = await createTestApp({ TEST_REMITTANCE_DELAY_BUSINESS_DAYS: '0' });
  home = await createTenant(t, 'Property Clinic', { livemode: false });
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
  | 'card'
  | 'fund_card'
  | 'bulk_bill'
  | 'patient_claim_card'
  | 'link'
  | 'fund_link'
  | 'declined'
  | 'fund_declined'
  // The patient is asked for a code: a fund claim with no terminal, a bulk bill assigned by SMS.
  | 'fund_asked'
  | 'bulk_bill_sms'
  // Refused whatever the booking, by the rules: two payers at once, a bulk bill with a card.
  | 'fund_and_patient_claim_card'
  | 'bulk_bill_card';
const KINDS: CheckOutKind[] = [
  'card',
  'fund_card',
  'bulk_bill',
  'patient_claim_card',
  'link',
  'fund_link',
  'declined',
  'fund_declined',
  'fund_asked',
  'bulk_bill_sms',
  'fund_and_patient_claim_card',
  'bulk_bill_card',
];
/** The kinds whose check-out waits for the patient's code. */
const ASKED: CheckOutKind[] = ['fund_asked', 'bulk_bill_sms'];
type Payer = 'fund' | 'medicare';
/** The payers a check-out of each kind claims. */
const PAYERS: Record<CheckOutKind, Payer[]> = {
  card: [],
  fund_card: ['fund'],
  bulk_bill: ['medicare'],
  patient_claim_card: ['medicare'],
  link: [],
  fund_link: ['fund'],
  declined: [],
  fund_declined: ['fund'],
  fund_asked: ['fund'],
  bulk_bill_sms: ['medicare'],
  fund_and_patient_claim_card: ['fund', 'medicare'],
  bulk_bill_card: ['medicare'],
};
type Step =
  // `upcoming`: of a booking a year ahead, whose service has not happened (else one of last year).
  | { do: 'checkOut'; kind: CheckOutKind; upcoming?: boolean }
  | { do: 'checkOutAgain'; pick: number; kind: CheckOutKind }
  | { do: 'payLink'; pick: number }
  | { do: 'expireLink'; pick: number }
  | { do: 'void'; pick: number }
  | { do: 'noShow'; pick: number }
  // Of a check-out awaiting the patient: the right code, five wrong ones, or its 15 minutes run out.
  | { do: 'confirm'; pick: number }
  | { do: 'lockOut'; pick: number }
  | { do: 'expire'; pick: number }
  // A paid booking claimed with the claim alone: what it paid ahead by card goes back to the card.
  | { do: 'claimPrepaid'; pick: number }
  | { do: 'refund'; pick: number; share: number }
  | { do: 'cancelWithFee'; declined: boolean }
  | { do: 'payout' }
  // The payers asked what they paid (here they pay a claim the day it was lodged).
  | { do: 'fetchRemittances' };

const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        do: fc.constant('checkOut' as const),
        kind: fc.constantFrom<CheckOutKind>(...KINDS),
        // One booking in four still to come: a card or a link may prepay it, a claim may not.
        upcoming: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        do: fc.constant('checkOutAgain' as const),
        pick: fc.nat(),
        kind: fc.constantFrom<CheckOutKind>(...KINDS),
      }),
    },
    { weight: 2, arbitrary: fc.record({ do: fc.constant('payLink' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ do: fc.constant('expireLink' as const), pick: fc.nat() }) },
    { weight: 2, arbitrary: fc.record({ do: fc.constant('void' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ do: fc.constant('noShow' as const), pick: fc.nat() }) },
    { weight: 2, arbitrary: fc.record({ do: fc.constant('confirm' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ do: fc.constant('lockOut' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ do: fc.constant('expire' as const), pick: fc.nat() }) },
    { weight: 2, arbitrary: fc.record({ do: fc.constant('claimPrepaid' as const), pick: fc.nat() }) },
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
    { weight: 2, arbitrary: fc.record({ do: fc.constant('fetchRemittances' as const) }) },
  ),
  { minLength: 4, maxLength: 10 },
);

interface Shop {
  businessId: string;
  cards: Record<'visa' | 'declining' | 'fund' | 'medicare', string>;
  /** `past`: last year, its service happened; `upcoming`: a year ahead; `soon`: inside the 48-hour fee window. */
  newBooking(when?: 'past' | 'upcoming' | 'soon', paymentMethodId?: string): Promise<Body>;
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
  // With a mobile: the code of a claim the patient approves is sent there (logged, in the sandbox).
  const client = await createClient(t, home.id, { mobileNumber: '+61412000333' });
  const card = async (body: Body) =>
    (await created(postJson(t, orgPath(home.id, `/clients/${client.id}/wallet/cards`), body, home.auth))).id as string;
  const cards = {
    visa: await card({ type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa' } }),
    declining: await card({
      type: 'payment_method',
      paymentMethod: { paymentMethodId: 'pm_card_visa_chargeDeclined' },
    }),
    fund: await card({
      type: 'health_fund_card',
      healthFundCard: { healthFundId: BUPA, memberNumber: '40012345', defaultReferenceNumber: '01' },
    }),
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
    async newBooking(when = 'past', paymentMethodId?: string) {
      const base =
        when === 'soon'
          ? Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3 * 3_600_000
          : Date.UTC(when === 'past' ? PAST_YEAR : FUTURE_YEAR, 8, 1);
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
  const fund = { healthFundClaim: { healthFundCardId: cards.fund, terminalId: CLAIMING_TERMINAL } };
  const card = { payment: { paymentMethodId: cards.visa } };
  switch (kind) {
    case 'card':
      return card;
    case 'fund_card':
      return { ...fund, ...card };
    case 'bulk_bill':
      return {
        items: [{ description: 'GP consultation', itemCode: '36', chargeAmount: 9000 }],
        medicareClaim: { type: 'bulk_bill', patientMedicareCardId: cards.medicare, assignment: SIGNED_ASSIGNMENT },
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
    case 'fund_asked':
      return { healthFundClaim: { healthFundCardId: cards.fund }, ...card };
    case 'bulk_bill_sms':
      return {
        items: [{ description: 'GP consultation', itemCode: '36', chargeAmount: 9000 }],
        medicareClaim: { type: 'bulk_bill', patientMedicareCardId: cards.medicare, assignment: { method: 'sms' } },
      };
    case 'fund_and_patient_claim_card':
      return { ...fund, ...bodyOf('patient_claim_card', cards) };
    case 'bulk_bill_card':
      return { ...bodyOf('bulk_bill', cards), ...card };
  }
}

/**
 * The refusal the check-out's rules give a booking, before anything earlier check-outs hold is read
 * (`assertCanCheckOut`'s order); null when they let it through. A no-show is never checked out; a
 * claim waits for the service; one payer a check-out; a bulk bill charges nothing besides.
 */
function ruleRefusal(kind: CheckOutKind, booking: { upcoming: boolean; noShow: boolean }): string | null {
  if (booking.noShow) return '409 service_not_rendered';
  if (PAYERS[kind].length > 0 && booking.upcoming) return '409 service_not_rendered';
  if (PAYERS[kind].length > 1) return '409 double_claim';
  if (kind === 'bulk_bill_card') return '409 bulk_bill_no_charge';
  return null;
}

/** What earlier check-outs of a booking leave on it, as the check-out reads them. */
interface Earlier {
  upcoming: boolean;
  noShow: boolean;
  /** A check-out of it waits for the patient's code. */
  awaiting: boolean;
  openLink: boolean;
  /** The payers whose claim on it stands (not voided). */
  standing: Payer[];
  /** What its settled payment transactions hold, adjustments (refunds, voids) taken off. */
  held: number;
}

async function earlierOf(bookingId: string): Promise<Earlier> {
  const [row] = await sql<{
    upcoming: boolean;
    no_show: boolean;
    awaiting: boolean;
    open_link: boolean;
    fund: boolean;
    medicare: boolean;
    held: number;
  }>(
    t,
    `with earlier as (select id from transactions where booking_id = ?)
     select b.service_date > now() as upcoming, b.attendance = 'no_show' as no_show,
       exists (select 1 from transactions where booking_id = b.id and status = 'awaiting_confirmation') as awaiting,
       exists (select 1 from payment_transactions p join payment_link_tokens l on l.payment_transaction_id = p.id
         where p.transaction_id in (select id from earlier) and p.payment->>'status' = 'requires_payment_method'
           and l.expires_at >= now()) as open_link,
       exists (select 1 from payment_transactions p join claims c on c.id = p.claim_id
         where p.transaction_id in (select id from earlier) and c.voided_at is null) as fund,
       exists (select 1 from medicare_claims m
         where m.transaction_id in (select id from earlier) and m.payment_status->>'code' <> 'voided') as medicare,
       (select coalesce(sum(p.amount + coalesce((select sum((a->>'amount')::int) from jsonb_array_elements(p.adjustments) a), 0)), 0)::int
         from payment_transactions p
         where p.transaction_id in (select id from earlier) and (p.source <> 'payment' or p.payment->>'status' = 'succeeded')) as held
     from bookings b where b.id = ?`,
    [bookingId, bookingId],
  );
  return {
    upcoming: row.upcoming,
    noShow: row.no_show,
    awaiting: row.awaiting,
    openLink: row.open_link,
    standing: [...(row.fund ? ['fund' as const] : []), ...(row.medicare ? ['medicare' as const] : [])],
    held: row.held,
  };
}

/**
 * The refusal a check-out again gets from what earlier ones left, in the check-out's order: a link
 * still open, a payer's claim standing (the same payer's again, or the other's: one payer a service),
 * card money held for a bulk bill; null when none applies.
 */
function earlierRefusal(kind: CheckOutKind, earlier: Earlier): string | null {
  if (earlier.awaiting) return '409 confirmation_pending';
  if (earlier.openLink) return '409 payment_link_open';
  const payers = PAYERS[kind];
  if (payers.some((payer) => earlier.standing.includes(payer))) return '409 booking_already_claimed';
  if (payers.some((payer) => earlier.standing.some((other) => other !== payer))) return '409 double_claim';
  if (kind === 'bulk_bill' && earlier.held > 0) return '409 bulk_bill_no_charge';
  return null;
}

/** A check-out the patient is asked to approve waits for their code; any other is done. */
function expectAskedOf(kind: CheckOutKind, answer: Body): void {
  expect({ kind, status: answer.status }).toEqual({
    kind,
    status: ASKED.includes(kind) ? 'awaiting_confirmation' : 'completed',
  });
}

/** Payment transactions and transactions of the business: a refused check-out writes neither. */
async function writtenOf(s: Shop): Promise<{ transactions: number; payments: number }> {
  const [row] = await sql<{ transactions: number; payments: number }>(
    t,
    `select (select count(*)::int from transactions where business_id = ?) as transactions,
            (select count(*)::int from payment_transactions where business_id = ?) as payments`,
    [s.businessId, s.businessId],
  );
  return row;
}

const pick = <T>(items: T[], index: number): T | undefined => (items.length ? items[index % items.length] : undefined);
const partsOf = (sales: Body[], test: (part: Body) => boolean) =>
  sales.flatMap((sale) => sale.paymentTransactions.filter(test));

async function run(step: Step, s: Shop): Promise<void> {
  switch (step.do) {
    case 'checkOut': {
      const upcoming = step.upcoming ?? false;
      const booking = await s.newBooking(upcoming ? 'upcoming' : 'past');
      const before = await writtenOf(s);
      const response = await postJson(
        t,
        orgPath(home.id, `/bookings/${booking.id}/transactions`),
        bodyOf(step.kind, s.cards),
        home.auth,
      );
      const refusal =
        ruleRefusal(step.kind, { upcoming, noShow: false }) ??
        (step.kind.endsWith('declined') ? '402 card_declined' : null);
      if (refusal) {
        expect({ kind: step.kind, upcoming, answer: `${response.status} ${response.body.code}` }).toEqual({
          kind: step.kind,
          upcoming,
          answer: refusal,
        });
        expect(await writtenOf(s)).toEqual(before);
        return;
      }
      expect({ kind: step.kind, upcoming, answer: `${response.status} ${response.body.code}` }).toEqual({
        kind: step.kind,
        upcoming,
        answer: '201 undefined',
      });
      expectAskedOf(step.kind, response.body);
      if (response.body.status === 'completed') s.sales.push(response.body);
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
      const earlier = await earlierOf(booking.id);
      const before = await writtenOf(s);
      const response = await postJson(
        t,
        orgPath(home.id, `/bookings/${booking.id}/transactions`),
        bodyOf(step.kind, s.cards),
        home.auth,
      );
      const answer = `${response.status} ${response.body.code}`;
      const refusal = ruleRefusal(step.kind, earlier) ?? earlierRefusal(step.kind, earlier);
      if (refusal) {
        expect({ kind: step.kind, earlier, answer }).toEqual({ kind: step.kind, earlier, answer: refusal });
      } else if (response.status === 201) {
        expectAskedOf(step.kind, response.body);
        if (response.body.status === 'completed') s.sales.push(response.body);
        return;
      } else {
        // Nothing left open to pay, or the declined card.
        expect([
          '409 booking_already_paid',
          ...(step.kind.endsWith('declined') ? ['402 card_declined'] : []),
        ]).toContain(answer);
      }
      expect(await writtenOf(s)).toEqual(before);
      return;
    }
    case 'payLink': {
      const link = pick(
        partsOf(s.sales, (part) => part.paymentLinks?.length),
        step.pick,
      );
      if (!link) return;
      const response = await payLink(t, link.paymentLinks[0].url);
      // 409: paid already, or cancelled with its booking or its no-show; 410: expired.
      expect([200, 409, 410]).toContain(response.status);
      return;
    }
    case 'expireLink': {
      // Its payer never came: the booking is open again, and what its check-out claimed still stands.
      const link = pick(
        partsOf(s.sales, (part) => part.paymentLinks?.length),
        step.pick,
      );
      if (!link) return;
      await sql(t, "update payment_link_tokens set expires_at = now() - interval '1 second' where link_id = ?", [
        link.paymentLinks[0].id,
      ]);
      return;
    }
    case 'noShow': {
      const checkedOut = await sql<{ id: string }>(
        t,
        `select b.id from bookings b where b.id in (select booking_id from transactions where business_id = ?) and b.cancelled_at is null
         order by b.id`,
        [s.businessId],
      );
      const booking = pick(checkedOut, step.pick);
      if (!booking) return;
      const earlier = await earlierOf(booking.id);
      const before = await writtenOf(s);
      const response = await postJson(
        t,
        orgPath(home.id, `/bookings/${booking.id}/attendance`),
        { attendance: 'no_show' },
        home.auth,
      );
      // Marked once; not before it starts; not while a claim says the service happened.
      const expected = earlier.noShow
        ? 'marked'
        : earlier.upcoming
          ? '409 booking_not_started'
          : earlier.standing.length > 0
            ? '409 booking_has_claim'
            : 'marked';
      const answer = response.status === 200 ? 'marked' : `${response.status} ${response.body.code}`;
      expect({ earlier, answer }).toEqual({ earlier, answer: expected });
      expect(await writtenOf(s)).toEqual(before);
      // Nothing waits to be paid for a service that did not happen: its open links, and a check-out
      // awaiting the patient's code, are cancelled.
      if (response.status === 200) {
        const after = await earlierOf(booking.id);
        expect({ openLink: after.openLink, awaiting: after.awaiting }).toEqual({ openLink: false, awaiting: false });
      }
      return;
    }
    case 'claimPrepaid': {
      const paid = await sql<{ id: string }>(
        t,
        `select b.id from bookings b where b.id in (select booking_id from transactions where business_id = ?) and b.paid and b.cancelled_at is null
         order by b.id`,
        [s.businessId],
      );
      const booking = pick(paid, step.pick);
      if (!booking) return;
      const earlier = await earlierOf(booking.id);
      const before = await writtenOf(s);
      const response = await postJson(
        t,
        orgPath(home.id, `/bookings/${booking.id}/transactions`),
        { healthFundClaim: { healthFundCardId: s.cards.fund, terminalId: CLAIMING_TERMINAL } },
        home.auth,
      );
      const answer = `${response.status} ${response.body.code}`;
      const refusal = ruleRefusal('fund_card', earlier) ?? earlierRefusal('fund_card', earlier);
      if (response.status === 201) {
        expect({ earlier, answer }).toEqual({ earlier, answer: refusal ?? answer });
        s.sales.push(response.body);
        return;
      }
      // Refused by the rules, or by what is left to pay: a card payment refunded since leaves a gap the claim alone does not cover.
      expect({ earlier, answer }).toEqual({ earlier, answer: refusal ?? '400 validation_failed' });
      expect(await writtenOf(s)).toEqual(before);
      return;
    }
    case 'confirm':
    case 'lockOut':
    case 'expire': {
      const awaiting = await sql<{ id: string; confirmations: Body[] }>(
        t,
        "select id, confirmations from transactions where business_id = ? and status = 'awaiting_confirmation' order by id",
        [s.businessId],
      );
      const transaction = pick(awaiting, step.pick);
      if (!transaction) return;
      const [confirmation] = transaction.confirmations;
      const verify = (code: string) =>
        postJson(
          t,
          orgPath(home.id, `/transactions/${transaction.id}/confirmations/${confirmation.id}/verify`),
          { code },
          home.auth,
        );
      // The code the patient was sent, as a sandbox organisation's message shows it.
      const code = await inContext(t, () =>
        t.app.get(ConfirmCheckOut).currentCode(home.id, transaction.id, confirmation.id, confirmation.issue as number),
      );
      if (step.do === 'confirm') {
        const response = await verify(code!);
        expect({ status: response.status, transaction: response.body.status }).toEqual({
          status: 200,
          transaction: 'completed',
        });
        s.sales.push(response.body);
        return;
      }
      if (step.do === 'lockOut') {
        const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
        const answers: string[] = [];
        for (let attempt = 0; attempt < 5; attempt++) answers.push(`${(await verify(wrong)).status}`);
        expect(answers).toEqual(['422', '422', '422', '422', '409']);
      } else {
        await sql(
          t,
          `update transactions set confirmations = jsonb_set(confirmations, '{0,expiresAt}', to_jsonb(?::text)) where id = ?`,
          [new Date(Date.now() - 1000).toISOString(), transaction.id],
        );
        await t.app.get(ConfirmCheckOut).expireIfDue({
          organisationId: home.id,
          transactionId: transaction.id,
          confirmationId: confirmation.id,
          issue: 1,
        });
      }
      const [after] = await sql<{ status: string }>(t, 'select status from transactions where id = ?', [
        transaction.id,
      ]);
      expect(after.status).toBe('cancelled');
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
      const booking = await s.newBooking('soon', step.declined ? s.cards.declining : s.cards.visa);
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
    case 'fetchRemittances': {
      const response = await postJson(t, `/v1/businesses/${s.businessId}/remittances/fetch`, {}, t.platformAuth);
      expect(response.status).toBe(200);
      // Every approved claim that stands is now paid by its payer.
      const unpaid = await sql<{ id: string }>(
        t,
        `select p.id from payment_transactions p
           left join claims c on c.id = p.claim_id left join medicare_claims m on m.id = p.medicare_claim_id
          where p.business_id = ? and p.source <> 'payment' and p.remittance_id is null
            and ((c.id is not null and c.voided_at is null and c.total_rebate_amount > 0)
              or (m.id is not null and m.type->>'code' = 'bulk_bill' and m.payment_status->>'code' <> 'voided' and m.total_rebate_amount > 0))`,
        [s.businessId],
      );
      expect(unpaid).toEqual([]);
      return;
    }
  }
}

interface Row {
  id: string;
  transaction_id: string;
  medicare_claim_id: string | null;
  payout_id: string | null;
  source: string;
  amount: number;
  platform_fee_amount: number;
  adjustments: { amount: number; source: string; createdAt: string; payoutId: string | null }[];
  payment: { id: string; status: string; amount: number } | null;
}
const settled = (row: Row) => row.source !== 'payment' || row.payment?.status === 'succeeded';

async function expectInvariants(s: Shop): Promise<void> {
  const rows = await sql<Row>(
    t,
    'select id, transaction_id, medicare_claim_id, payout_id, source, amount, platform_fee_amount, adjustments, payment from payment_transactions where business_id = ?',
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
     from transactions tx left join bookings b on b.id = tx.booking_id where tx.business_id = ? and tx.status = 'completed'
     order by tx.created_at, tx.id`,
    [s.businessId],
  );
  // A check-out awaiting the patient's code, or cancelled without it, claimed, charged and invoiced nothing.
  const unconfirmed = await sql<{ id: string; parts: number; claims: number; invoices: number }>(
    t,
    `select tx.id,
       (select count(*)::int from payment_transactions p where p.transaction_id = tx.id) as parts,
       (select count(*)::int from medicare_claims m where m.transaction_id = tx.id) as claims,
       (select count(*)::int from invoices i where i.transaction_id = tx.id) as invoices
     from transactions tx where tx.business_id = ? and tx.status <> 'completed'`,
    [s.businessId],
  );
  expect(unconfirmed.filter((row) => row.parts + row.claims + row.invoices > 0)).toEqual([]);
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
      // Refunds after it; one at its own moment is its own, a prepaid booking's benefit going back to the card.
      const refundedSince = parts
        .flatMap((row) => row.adjustments)
        .filter(
          (adjustment) =>
            adjustment.source === 'refund' && Date.parse(adjustment.createdAt) > new Date(latest.created_at).getTime(),
        )
        .reduce((sum, adjustment) => sum - adjustment.amount, 0);
      expect({ bookingId, held: held + refundedSince }).toEqual({ bookingId, held: latest.amount });
      // One invoice for the service, paid: a check-out again pays it, or replaces it, never adds one.
      const { body } = await t
        .http()
        .get(orgPath(home.id, `/invoices?bookingId=${bookingId}`))
        .set('Authorization', home.auth)
        .expect(200);
      const standing = body.items.filter((invoice: Body) => invoice.status !== 'cancelled');
      expect({ bookingId, invoices: standing.map((invoice: Body) => [invoice.status, invoice.amountDue]) }).toEqual({
        bookingId,
        invoices: [['paid', 0]],
      });
    }
  }
  // A claim is made once its service happened, never stands on a no-show, and a booking is claimed
  // from one payer; a bulk bill that stands is all its booking holds (nothing charged besides).
  const claimed = await sql<{
    id: string;
    booking_id: string;
    transaction_id: string;
    payer: Payer;
    bulk_bill: boolean;
    standing: boolean;
    before_service: boolean;
    no_show: boolean;
  }>(
    t,
    `with made as (
       select cl.id::text, p.transaction_id, 'fund' as payer, false as bulk_bill, cl.voided_at is null as standing, cl.created_at
       from payment_transactions p join claims cl on cl.id = p.claim_id where p.business_id = ?
       union all
       select m.id::text, m.transaction_id, 'medicare', m.type->>'code' = 'bulk_bill', m.payment_status->>'code' <> 'voided', m.created_at
       from medicare_claims m join transactions tx on tx.id = m.transaction_id where tx.business_id = ?)
     select made.id, tx.booking_id, made.transaction_id, made.payer, made.bulk_bill, made.standing,
            made.created_at < b.service_date as before_service, b.attendance = 'no_show' as no_show
     from made join transactions tx on tx.id = made.transaction_id join bookings b on b.id = tx.booking_id`,
    [s.businessId, s.businessId],
  );
  expect(claimed.filter((claim) => claim.before_service)).toEqual([]);
  expect(claimed.filter((claim) => claim.standing && claim.no_show)).toEqual([]);
  const payersBy = (claims: typeof claimed, key: (claim: (typeof claimed)[number]) => string) =>
    [...Map.groupBy(claims, key)].map(([id, some]) => ({ id, payers: [...new Set(some.map((claim) => claim.payer))] }));
  expect(payersBy(claimed, (claim) => claim.transaction_id).filter(({ payers }) => payers.length > 1)).toEqual([]);
  expect(
    payersBy(
      claimed.filter((claim) => claim.standing),
      (claim) => claim.booking_id,
    ).filter(({ payers }) => payers.length > 1),
  ).toEqual([]);
  const bookingOfTransaction = new Map(transactions.map((transaction) => [transaction.id, transaction.booking_id]));
  for (const bulkBill of claimed.filter((claim) => claim.bulk_bill && claim.standing)) {
    const besides = rows
      .filter((row) => bookingOfTransaction.get(row.transaction_id) === bulkBill.booking_id)
      .filter((row) => row.medicare_claim_id !== bulkBill.id && settled(row))
      .reduce((sum, row) => sum + row.amount + row.adjustments.reduce((total, { amount }) => total + amount, 0), 0);
    expect({ bookingId: bulkBill.booking_id, heldBesidesBulkBill: besides }).toEqual({
      bookingId: bulkBill.booking_id,
      heldBesidesBulkBill: 0,
    });
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
  // Σ payouts (with what waits for the next) = Σ card money − fees − refunds: no claim's benefit.
  const cardMoney = cardPayments.reduce(
    (sum, row) =>
      sum + row.amount - row.platform_fee_amount + row.adjustments.reduce((total, { amount }) => total + amount, 0),
    0,
  );
  expect(paidOut + waiting).toBe(cardMoney);
  // Σ remittances = Σ the approved benefits of the claims they paid, none of them voided since.
  const remitted = await sql<{
    id: string;
    amount: number;
    expected_amount: number;
    paid: number;
    benefits: number;
    voided: number;
  }>(
    t,
    `select r.id, r.amount, r.expected_amount,
            coalesce(sum(p.remitted_amount), 0)::int as paid, coalesce(sum(coalesce(c.total_rebate_amount, m.total_rebate_amount)), 0)::int as benefits,
            count(*) filter (where c.voided_at is not null or m.payment_status->>'code' = 'voided')::int as voided
       from remittances r join payment_transactions p on p.remittance_id = r.id
       left join claims c on c.id = p.claim_id left join medicare_claims m on m.id = p.medicare_claim_id
      where r.business_id = ? group by r.id`,
    [s.businessId],
  );
  for (const remittance of remitted)
    expect(remittance).toEqual({
      ...remittance,
      amount: remittance.benefits,
      expected_amount: remittance.benefits,
      paid: remittance.benefits,
      voided: 0,
    });
}

describe('money invariants under random sequences', () => {
  it('hold after every step of check-outs, codes confirmed, locked and expired, check-outs again, prepaid bookings claimed, link payments, voids, refunds, cancellation fees, payout runs and remittances', async () => {
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
          // One payer a service: a fund's claim left by an expired link keeps Medicare out (and the
          // booking from being a no-show) until it is voided; then a bulk bill pays it all.
          [
            [
              { do: 'checkOut', kind: 'fund_link' },
              { do: 'noShow', pick: 0 },
              { do: 'expireLink', pick: 0 },
              { do: 'checkOutAgain', pick: 0, kind: 'bulk_bill' },
              { do: 'checkOutAgain', pick: 0, kind: 'fund_card' },
              { do: 'void', pick: 0 },
              { do: 'checkOutAgain', pick: 0, kind: 'bulk_bill' },
              { do: 'payout' },
            ],
          ],
          // A patient's code: confirmed, locked out, run out, or a no-show while it waits; a check-out
          // meanwhile is refused, and one after a cancelled wait goes through.
          [
            [
              { do: 'checkOut', kind: 'fund_asked' },
              { do: 'checkOutAgain', pick: 0, kind: 'card' },
              { do: 'confirm', pick: 0 },
              { do: 'checkOut', kind: 'bulk_bill_sms' },
              { do: 'lockOut', pick: 0 },
              { do: 'checkOutAgain', pick: 1, kind: 'bulk_bill_sms' },
              { do: 'expire', pick: 0 },
              { do: 'checkOut', kind: 'fund_asked' },
              { do: 'noShow', pick: 2 },
              { do: 'void', pick: 0 },
              { do: 'payout' },
            ],
          ],
          // Paid ahead by card or link, then claimed: the benefit goes back to the card, once.
          [
            [
              { do: 'checkOut', kind: 'card' },
              { do: 'payout' },
              { do: 'claimPrepaid', pick: 0 },
              { do: 'claimPrepaid', pick: 0 },
              { do: 'checkOut', kind: 'link' },
              { do: 'payLink', pick: 0 },
              { do: 'refund', pick: 1, share: 0.9 },
              { do: 'claimPrepaid', pick: 1 },
              { do: 'payout' },
            ],
          ],
          // A service still to come is prepaid, not claimed; a no-show is not checked out; two payers
          // at once, or a bulk bill with a card, are refused.
          [
            [
              { do: 'checkOut', kind: 'fund_card', upcoming: true },
              { do: 'checkOut', kind: 'link', upcoming: true },
              { do: 'checkOutAgain', pick: 0, kind: 'bulk_bill' },
              { do: 'checkOut', kind: 'link' },
              { do: 'noShow', pick: 0 },
              { do: 'noShow', pick: 1 },
              { do: 'checkOutAgain', pick: 1, kind: 'card' },
              { do: 'checkOut', kind: 'fund_and_patient_claim_card' },
              { do: 'checkOut', kind: 'bulk_bill_card' },
              { do: 'payLink', pick: 0 },
              { do: 'payout' },
            ],
          ],
        ],
      },
    );
  }, 240_000);
});
