import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { extractText } from 'unpdf';
import {
  FUND_TEST_MEMBER_NUMBERS,
  HealthFundGateway,
  MEDICARE_TEST_CARD_NUMBERS,
  MedicareGateway,
  type TestHealthFundGateway,
  type TestMedicareGateway,
} from '@app/payments-and-claims';
import { createTestApp, type TestApp } from './support/test-app.js';
import { chargesDescribed } from './support/payment-processor.js';
import { WebhookReceiver } from './support/webhook-receiver.js';
import { countStatements } from './support/statement-counter.js';
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
  ISO_INSTANT,
  orgPath,
  payLink,
  postJson,
  RUN,
  sql,
  type Tenant,
  UNKNOWN_UUID,
} from './support/fixtures.js';
import { expectInvalid, expectNotFound, expectProblem } from './support/problems.js';
import { FUTURE_YEAR, PAST_YEAR } from './support/future-year.js';

// Each clinic is its own organisation; every check is scoped to ids this file created.

const BUPA = '0193a6f2-0001-7000-8000-000000000002';
const MEDICARE_NUMBER = '2123456701';
const PROVIDER_NUMBER = '2429591L';
const FEE_BASIS_POINTS = 150;

let t: TestApp;
let home: Tenant;
let location: Body;
let provider: Body;
let physio: Body;
let gp: Body;
const receiver = new WebhookReceiver();
let receiverUrl: string;

beforeAll(async () => {
  // Deliveries to a receiver on 127.0.0.1, on jobs of this file's own schema (another file's app must not run them).
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', JOBS_SCHEMA: `pgboss_${RUN}` });
  receiverUrl = await receiver.start();
  home = await createTenant(t, 'Checkout Clinic');
  const business = await createBusiness(t, home.id);
  // Its claiming terminal: a fund claim names it, or none.
  location = await createLocation(t, home.id, business.id, { terminalIds: [CLAIMING_TERMINAL, 'T-1'] });
  provider = await createProvider(t, home.id);
  await createLink(t, home.id, provider.id, location.id, { medicare: { providerNumber: PROVIDER_NUMBER } });
  const offered = { providers: [provider.id], locations: [location.id] };
  physio = await createAppointmentType(t, home.id, {
    ...offered,
    price: 12000,
    billableItems: [
      { name: 'Initial physiotherapy consultation', basePrice: 9500, itemCode: '500' },
      { name: 'Exercise band', basePrice: 2500 },
    ],
  });
  gp = await createAppointmentType(t, home.id, {
    ...offered,
    price: 8290,
    billableItems: [{ name: 'GP consultation level C', basePrice: 8290, itemCode: '36' }],
  });
});

afterAll(async () => {
  await t?.close();
  await receiver.stop();
});

const cardsPath = (clientId: string) => orgPath(home.id, `/clients/${clientId}/wallet/cards`);
const checkOutPath = (bookingId: string) => orgPath(home.id, `/bookings/${bookingId}/transactions`);
const checkOut = (bookingId: string, body: Body) => postJson(t, checkOutPath(bookingId), body, home.auth);

interface Patient {
  client: Body;
  visa: Body;
  declining: Body;
  fund: Body;
  medicare: Body;
}

async function patient(memberNumber = '40012345', medicareNumber = MEDICARE_NUMBER): Promise<Patient> {
  const client = await createClient(t, home.id);
  const card = (body: Body) => created(postJson(t, cardsPath(client.id), body, home.auth));
  return {
    client,
    visa: await card({ type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa' } }),
    declining: await card({
      type: 'payment_method',
      paymentMethod: { paymentMethodId: 'pm_card_visa_chargeDeclined' },
    }),
    fund: await card({
      type: 'health_fund_card',
      healthFundCard: { healthFundId: BUPA, memberNumber, defaultReferenceNumber: '01' },
    }),
    medicare: await card({
      type: 'medicare_card',
      medicareCard: {
        memberNumber: medicareNumber,
        referenceNumber: '1',
        firstName: 'Alex',
        lastName: 'Chen',
        dateOfBirth: '1990-04-02',
      },
    }),
  };
}

/**
 * A second fund card of the patient's, with no `defaultReferenceNumber`: a claim with it names the
 * patient on the card or is refused. Its member number is its own (one card per member and fund).
 */
const fundCardWithoutDefault = (who: Patient, memberNumber: string) =>
  created(
    postJson(
      t,
      cardsPath(who.client.id),
      { type: 'health_fund_card', healthFundCard: { healthFundId: BUPA, memberNumber } },
      home.auth,
    ),
  );

/** What the fund was sent for the member number, claims and quotes, in order. */
const sentToFund = (memberNumber: string) =>
  t.app
    .get<TestHealthFundGateway>(HealthFundGateway)
    .received.filter((request) => request.memberNumber === memberNumber);

let nextSlot = 0;
/** A booking whose service has happened (last year), an hour apart from every other this file makes. */
const booking = (who: Patient, type: Body = physio) => bookingIn(PAST_YEAR, who, type);
/** A booking a year ahead, outside any fee window: one that can still be cancelled, and not yet claimed. */
const upcoming = (who: Patient, type: Body = physio) => bookingIn(FUTURE_YEAR, who, type);

async function bookingIn(year: number, who: Patient, type: Body): Promise<Body> {
  const serviceDate = new Date(Date.UTC(year, 5, 1, 0, 0) + nextSlot++ * 3_600_000).toISOString();
  return created(
    postJson(
      t,
      orgPath(home.id, '/bookings'),
      {
        clientId: who.client.id,
        providerId: provider.id,
        locationId: location.id,
        appointmentTypeId: type.id,
        serviceDate,
      },
      home.auth,
    ),
  );
}

const getBooking = async (id: string) =>
  (
    await t
      .http()
      .get(orgPath(home.id, `/bookings/${id}`))
      .set('Authorization', home.auth)
      .expect(200)
  ).body;

const getTransaction = async (id: string) =>
  (
    await t
      .http()
      .get(orgPath(home.id, `/transactions/${id}`))
      .set('Authorization', home.auth)
      .expect(200)
  ).body;

async function eventsOf(type: string, matching: (data: Body) => boolean): Promise<Body[]> {
  const rows = await sql<{ data: Body }>(
    t,
    'select data from events where organisation_id = ? and type = ? order by seq',
    [home.id, type],
  );
  return rows.map((row) => row.data).filter(matching);
}

/**
 * Runs `work` while the database refuses to record the events `condition` (SQL on `new`, an
 * `events` row) picks: a failure late in a change, once what it does outside the database is done.
 */
async function whileEventsRefused(condition: string, work: () => Promise<void>): Promise<void> {
  const name = `refuse_${RUN}`;
  await sql(
    t,
    `create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
  );
  await sql(
    t,
    `create trigger ${name} before insert on events for each row when (${condition}) execute function ${name}()`,
  );
  try {
    await work();
  } finally {
    await sql(t, `drop trigger ${name} on events`);
    await sql(t, `drop function ${name}()`);
  }
}

async function storedMoney(bookingId: string) {
  const [row] = await sql<{ transactions: number; payments: number; claims: number; medicare: number }>(
    t,
    `select (select count(*)::int from transactions where booking_id = ?) as transactions,
            (select count(*)::int from payment_transactions pt join transactions tx on tx.id = pt.transaction_id where tx.booking_id = ?) as payments,
            (select count(*)::int from claims c join payment_transactions pt on pt.claim_id = c.id join transactions tx on tx.id = pt.transaction_id where tx.booking_id = ?) as claims,
            (select count(*)::int from medicare_claims m join transactions tx on tx.id = m.transaction_id where tx.booking_id = ?) as medicare`,
    [bookingId, bookingId, bookingId, bookingId],
  );
  return row;
}

/**
 * A check-out of the booking with a claim on the patient's fund card (`claim`: more of its fields, or
 * another card), the gap on their card.
 */
const fundAndCard = (who: Patient, bookingId: string, claim: Body = {}) =>
  checkOut(bookingId, {
    healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL, ...claim },
    payment: { paymentMethodId: who.visa.id },
  });

/**
 * What a refused check-out leaves of the booking: nothing. The fund was sent nothing for the member
 * number, nothing was stored or charged, and the booking is unpaid.
 */
async function expectNothingDone(bookingId: string, memberNumber: string): Promise<void> {
  expect(sentToFund(memberNumber)).toEqual([]);
  expect(await storedMoney(bookingId)).toEqual({ transactions: 0, payments: 0, claims: 0, medicare: 0 });
  expect(chargesDescribed(t, `Booking ${bookingId}`)).toEqual([]);
  expect((await getBooking(bookingId)).paid).toBe(false);
}

describe('POST …/bookings/{bookingId}/transactions', () => {
  it('charges the card for the whole of the default items, with the platform fee, and the booking becomes paid', async () => {
    const who = await patient();
    const visit = await booking(who);
    const response = await checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } });
    expect(response.status).toBe(201);
    const transaction = response.body;
    expect(response.headers.location).toBe(`/v1/organisations/${home.id}/transactions/${transaction.id}`);
    expect(transaction).toMatchObject({
      bookingId: visit.id,
      amount: 12000,
      currency: 'AUD',
      paymentMethodId: who.visa.id,
      healthFundCardId: null,
    });
    expect(
      transaction.transactionItems.map((item: Body) => [item.description, item.chargeAmount, item.itemCode]),
    ).toEqual([
      ['Initial physiotherapy consultation', 9500, '500'],
      ['Exercise band', 2500, null],
    ]);
    expect(transaction.paymentTransactions).toHaveLength(1);
    expect(transaction.paymentTransactions[0]).toMatchObject({
      source: 'payment',
      amount: 12000,
      payment: { status: 'succeeded', amount: 12000, currency: 'AUD' },
    });
    expect(transaction.paymentTransactions[0].paymentId).toMatch(/^pi_/);
    const [fee] = await sql<{ platform_fee_amount: number }>(
      t,
      'select platform_fee_amount from payment_transactions where id = ?',
      [transaction.paymentTransactions[0].id],
    );
    expect(fee.platform_fee_amount).toBe(Math.round((12000 * FEE_BASIS_POINTS) / 10_000));
    const after = await getBooking(visit.id);
    expect(after.paid).toBe(true);
    const got = await t
      .http()
      .get(orgPath(home.id, `/transactions/${transaction.id}`))
      .set('Authorization', home.auth)
      .expect(200);
    expect(got.body).toEqual(transaction);
    expect(await eventsOf('transaction.created', (data) => data.id === transaction.id)).toEqual([transaction]);
    expect(
      await eventsOf('payment.succeeded', (data) => data.id === transaction.paymentTransactions[0].id),
    ).toHaveLength(1);
    expect(await eventsOf('booking.paid', (data) => data.id === visit.id)).toEqual([
      expect.objectContaining({ id: visit.id, paid: true }),
    ]);
  });

  it('claims the fund first and charges the card only the gap: rebates and card add up to the charges', async () => {
    const who = await patient();
    const visit = await booking(who);
    const response = await checkOut(visit.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: 'T-1' },
      payment: { paymentMethodId: who.visa.id },
    });
    expect(response.status).toBe(201);
    const [claimPart, cardPart] = response.body.paymentTransactions;
    expect(claimPart).toMatchObject({ source: 'health_fund_claim', amount: 4800 });
    // Bupa's test rebate for item 500 is 4800; the band has no item code and is not claimed.
    expect(claimPart.claim).toMatchObject({
      isRebateEstimate: false,
      providerNumber: PROVIDER_NUMBER,
      totalChargeAmount: 9500,
      totalRebateAmount: 4800,
      totalGapAmount: 4700,
      device: { terminalId: 'T-1' },
      healthFund: { id: BUPA, name: 'Bupa HI' },
    });
    expect(cardPart).toMatchObject({ source: 'payment', amount: 12000 - 4800 });
    expect(claimPart.amount + cardPart.amount).toBe(response.body.amount);
    expect(await eventsOf('claim.approved', (data) => data.id === claimPart.claim.id)).toHaveLength(1);
    expect((await getBooking(visit.id)).paid).toBe(true);
  });

  it('bulk bills Medicare: the benefit is the whole fee, paid to the business, nothing on the card', async () => {
    const who = await patient();
    const visit = await booking(who, gp);
    const response = await checkOut(visit.id, {
      medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: SIGNED_ASSIGNMENT },
    });
    expect(response.status).toBe(201);
    expect(response.body.amount).toBe(8290);
    expect(response.body.medicareCardId).toBe(who.medicare.id);
    const [part] = response.body.paymentTransactions;
    expect(response.body.paymentTransactions).toHaveLength(1);
    expect(part).toMatchObject({ source: 'medicare_claim', amount: 8290 });
    expect(part.medicareClaim).toMatchObject({
      type: { code: 'bulk_bill' },
      totalChargeAmount: 8290,
      totalRebateAmount: 8290,
      totalGapAmount: 0,
      itemsCount: 1,
      patientMedicareCardId: who.medicare.id,
      transactionId: response.body.id,
    });
    expect(part.medicareClaim.mcolTransactionId).toMatch(/^MCOL-TX-/);
    expect(part.medicareClaim.mcolClaimId).toMatch(/^MCOL-CL-/);
    expect(part.medicareClaim.items[0]).toMatchObject({
      itemCode: '36',
      rebateAmount: 8290,
      gapAmount: 0,
      mcolAssessmentCode: 'A',
    });
    expect(await eventsOf('medicare_claim.approved', (data) => data.id === part.medicareClaim.id)).toHaveLength(1);
  });

  it('lowers a bulk-billed charge above the benefit to the benefit', async () => {
    const who = await patient();
    const visit = await booking(who, gp);
    const response = await checkOut(visit.id, {
      items: [{ description: 'Long GP consultation', itemCode: '44', chargeAmount: 15000 }],
      medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: SIGNED_ASSIGNMENT },
    });
    expect(response.status).toBe(201);
    expect(response.body.amount).toBe(12215);
    expect(response.body.transactionItems[0].chargeAmount).toBe(12215);
  });

  it('a patient claim leaves the whole fee to the card: the benefit is paid to the patient', async () => {
    const who = await patient();
    const visit = await booking(who, gp);
    const response = await checkOut(visit.id, {
      medicareClaim: { type: 'patient_claim', patientMedicareCardId: who.medicare.id },
      payment: { paymentMethodId: who.visa.id },
    });
    expect(response.status).toBe(201);
    expect(response.body.paymentTransactions).toEqual([expect.objectContaining({ source: 'payment', amount: 8290 })]);
    expect(await storedMoney(visit.id)).toEqual({ transactions: 1, payments: 1, claims: 0, medicare: 1 });
  });

  it('a declined card: 402 card_declined, the fund claim reversed, nothing kept but payment.failed, the booking unpaid', async () => {
    const who = await patient('40019999');
    const visit = await booking(who);
    const response = await checkOut(visit.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: who.declining.id },
    });
    expectProblem(response, 402, 'card_declined');
    expect(await storedMoney(visit.id)).toEqual({ transactions: 0, payments: 0, claims: 0, medicare: 0 });
    expect((await getBooking(visit.id)).paid).toBe(false);
    expect(await eventsOf('payment.failed', (data) => data.payment?.paymentMethodId === who.declining.id)).toEqual([
      expect.objectContaining({
        source: 'payment',
        amount: 12000 - 4800,
        payment: expect.objectContaining({ status: 'failed' }),
      }),
    ]);
    expect(await eventsOf('transaction.created', (data) => data.bookingId === visit.id)).toEqual([]);
    const fund = t.app.get<TestHealthFundGateway>(HealthFundGateway);
    expect(fund.claimsOf('40019999')).toEqual([{ referenceNumber: expect.any(String), reversed: true }]);
    // The booking can still be checked out with another card.
    expect((await checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } })).status).toBe(201);
  });

  it('a card whose bank asks for the cardholder (3-D Secure): the check-out and its claim stand, the payment requires_action with its clientSecret, nothing of it paid', async () => {
    const who = await patient();
    const threeDSecure = await created(
      postJson(
        t,
        cardsPath(who.client.id),
        { type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_authenticationRequired' } },
        home.auth,
      ),
    );
    const visit = await booking(who);
    const response = await checkOut(visit.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: threeDSecure.id },
    });
    expect(response.status).toBe(201);
    const [claimPart, cardPart] = response.body.paymentTransactions;
    expect(claimPart).toMatchObject({ source: 'health_fund_claim', amount: 4800 });
    expect(cardPart).toMatchObject({
      source: 'payment',
      amount: 7200,
      payment: {
        status: 'requires_action',
        clientSecret: expect.stringContaining('_secret_'),
        paymentMethodId: threeDSecure.id,
      },
    });
    expect((await getBooking(visit.id)).paid).toBe(false);
    expect(await eventsOf('payment.succeeded', (data) => data.id === cardPart.id)).toEqual([]);
    expect(await eventsOf('claim.approved', (data) => data.id === claimPart.claim.id)).toHaveLength(1);
    const [invoice] = (
      await t
        .http()
        .get(orgPath(home.id, `/invoices?bookingId=${visit.id}`))
        .set('Authorization', home.auth)
        .expect(200)
    ).body.items;
    expect(invoice).toMatchObject({ status: 'open', amountPaid: 4800, amountDue: 7200 });
    // It may still be captured: neither checked out again nor held by the next check-out's sums.
    expectProblem(
      await checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } }),
      409,
      'payment_requires_action',
    );
    expect(chargesDescribed(t, `Booking ${visit.id}`)).toEqual([
      expect.objectContaining({ amount: 7200, refunded: 0 }),
    ]);
  });

  it("the test fund's member numbers: approved in full, approved in part (the other items declined, left to the card)", async () => {
    const twoItems = [
      { description: 'Initial physiotherapy consultation', itemCode: '500', chargeAmount: 9500 },
      { description: 'Subsequent physiotherapy consultation', itemCode: '505', chargeAmount: 6000 },
    ];
    const rebatesOf = async (memberNumber: string) => {
      const who = await patient(memberNumber);
      const sale = await created(
        checkOut((await booking(who)).id, {
          items: twoItems,
          healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
          payment: { paymentMethodId: who.visa.id },
        }),
      );
      const { claim } = sale.paymentTransactions.find((part: Body) => part.claim);
      const card = sale.paymentTransactions.find((part: Body) => part.source === 'payment');
      return {
        items: claim.items.map((item: Body) => [item.rebateAmount, item.response.responseCode]),
        card: card.amount,
      };
    };
    // BUPA pays 4800 for item 500 and 3600 for item 505.
    expect(await rebatesOf(FUND_TEST_MEMBER_NUMBERS.approved)).toEqual({
      items: [
        [4800, '00'],
        [3600, '00'],
      ],
      card: 15500 - 4800 - 3600,
    });
    expect(await rebatesOf(FUND_TEST_MEMBER_NUMBERS.partlyApproved)).toEqual({
      items: [
        [4800, '00'],
        [0, 'NC'],
      ],
      card: 15500 - 4800,
    });
  });

  it("the test Medicare's card numbers: approved in full, approved in part, rejected, no answer", async () => {
    const twoItems = [
      { description: 'GP consultation level B', itemCode: '23', chargeAmount: 4285 },
      { description: 'GP consultation level C', itemCode: '36', chargeAmount: 8290 },
    ];
    const bulkBill = async (medicareNumber: string) => {
      const who = await patient(undefined, medicareNumber);
      const visit = await booking(who, gp);
      const answer = await checkOut(visit.id, {
        items: twoItems,
        medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: SIGNED_ASSIGNMENT },
      });
      return { answer, visit };
    };
    const itemsOf = (sale: Body) =>
      sale.paymentTransactions[0].medicareClaim.items.map((item: Body) => [item.rebateAmount, item.mcolAssessmentCode]);
    const full = await bulkBill(MEDICARE_TEST_CARD_NUMBERS.approved);
    expect(full.answer.status).toBe(201);
    expect(itemsOf(full.answer.body)).toEqual([
      [4285, 'A'],
      [8290, 'A'],
    ]);
    const part = await bulkBill(MEDICARE_TEST_CARD_NUMBERS.partlyApproved);
    expect(part.answer.status).toBe(201);
    expect(itemsOf(part.answer.body)).toEqual([
      [4285, 'A'],
      [0, '160'],
    ]);
    // A bulk bill's charge is its benefit: the item Medicare paid nothing for is charged nothing.
    expect(part.answer.body.amount).toBe(4285);
    const rejected = await bulkBill(MEDICARE_TEST_CARD_NUMBERS.rejected);
    expectProblem(rejected.answer, 402, 'medicare_claim_rejected');
    expect(rejected.answer.body.detail).toContain('(9650)');
    const silent = await bulkBill(MEDICARE_TEST_CARD_NUMBERS.noAnswer);
    expectProblem(silent.answer, 503, 'claim_gateway_timeout');
    for (const { visit } of [rejected, silent])
      expect(await storedMoney(visit.id)).toEqual({ transactions: 0, payments: 0, claims: 0, medicare: 0 });
  });

  it('a rejected member: 402 claim_rejected and nothing kept', async () => {
    const who = await patient(FUND_TEST_MEMBER_NUMBERS.rejected);
    const visit = await booking(who);
    const response = await checkOut(visit.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: who.visa.id },
    });
    expectProblem(response, 402, 'claim_rejected');
    expect(response.body.detail).toContain('(08)');
    expect(await storedMoney(visit.id)).toEqual({ transactions: 0, payments: 0, claims: 0, medicare: 0 });
  });

  it('a fund that does not answer: 503 claim_gateway_timeout and nothing kept', async () => {
    const who = await patient(FUND_TEST_MEMBER_NUMBERS.noAnswer);
    const visit = await booking(who);
    const response = await checkOut(visit.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: who.visa.id },
    });
    expectProblem(response, 503, 'claim_gateway_timeout');
    expect(await storedMoney(visit.id)).toEqual({ transactions: 0, payments: 0, claims: 0, medicare: 0 });
  });

  it('an MBS item Medicare does not pay: 402 medicare_claim_rejected', async () => {
    const who = await patient();
    const visit = await booking(who, gp);
    const response = await checkOut(visit.id, {
      items: [{ description: 'Not an MBS service', itemCode: '99999', chargeAmount: 5000 }],
      medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: SIGNED_ASSIGNMENT },
    });
    expectProblem(response, 402, 'medicare_claim_rejected');
    expect(await storedMoney(visit.id)).toEqual({ transactions: 0, payments: 0, claims: 0, medicare: 0 });
  });

  it('a gap with no payment is 400, after the claim, and the claim is not kept', async () => {
    const who = await patient();
    const visit = await booking(who);
    expectInvalid(
      await checkOut(visit.id, { healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL } }),
      'payment',
      'gap_not_covered',
    );
    expect(await storedMoney(visit.id)).toEqual({ transactions: 0, payments: 0, claims: 0, medicare: 0 });
  });

  it('a paid booking is 409 booking_already_paid; a cancelled one 409 booking_cancelled', async () => {
    const who = await patient();
    const paid = await booking(who);
    expect((await checkOut(paid.id, { payment: { paymentMethodId: who.visa.id } })).status).toBe(201);
    expectProblem(await checkOut(paid.id, { payment: { paymentMethodId: who.visa.id } }), 409, 'booking_already_paid');
    const cancelled = await upcoming(who);
    await postJson(t, orgPath(home.id, `/bookings/${cancelled.id}/cancel`), {}, home.auth).expect(200);
    expectProblem(
      await checkOut(cancelled.id, { payment: { paymentMethodId: who.visa.id } }),
      409,
      'booking_cancelled',
    );
  });

  it('12 parallel check-outs of one booking: one 201, the rest 409, one charge', async () => {
    const who = await patient();
    const visit = await booking(who);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(11).fill(409)]);
    for (const answer of answers.filter((answer) => answer.status === 409))
      expect(answer.body.code).toBe('booking_already_paid');
    expect(await storedMoney(visit.id)).toEqual({ transactions: 1, payments: 1, claims: 0, medicare: 0 });
  });

  it('charges given items, and a billableItemId of the type', async () => {
    const who = await patient();
    const visit = await booking(who);
    const band = physio.billableItems.find((item: Body) => item.name === 'Exercise band');
    const response = await checkOut(visit.id, {
      items: [{ billableItemId: band.id }, { description: 'Taping', chargeAmount: 1500, clinicalCode: 'TP' }],
      payment: { paymentMethodId: who.visa.id },
    });
    expect(response.status).toBe(201);
    expect(response.body.amount).toBe(2500 + 1500);
    expect(
      response.body.transactionItems.map((item: Body) => [item.billableItemId, item.chargeAmount, item.clinicalCode]),
    ).toEqual([
      [band.id, 2500, null],
      [null, 1500, 'TP'],
    ]);
  });

  describe('bad input', () => {
    let who: Patient;
    let visit: Body;
    beforeAll(async () => {
      who = await patient();
      visit = await booking(who);
    });

    it.each([
      ['nothing to pay with', {}, 'payment'],
      ['an empty items list', { items: [], payment: {} }, 'items'],
      ['an item with neither billableItemId nor a charge', { items: [{ itemCode: '500' }] }, 'items[0].description'],
      ['a negative charge', { items: [{ description: 'x', chargeAmount: -1 }] }, 'items[0].chargeAmount'],
      ['a fractional charge', { items: [{ description: 'x', chargeAmount: 10.5 }] }, 'items[0].chargeAmount'],
      ['a huge charge', { items: [{ description: 'x', chargeAmount: 2 ** 31 }] }, 'items[0].chargeAmount'],
      [
        'an unknown claim type',
        { medicareClaim: { type: 'gap_cover', patientMedicareCardId: UNKNOWN_UUID } },
        'medicareClaim.type',
      ],
      ['a card id that is not an id', { payment: { paymentMethodId: 'pm_card_visa' } }, 'payment.paymentMethodId'],
      ['an unknown field', { payment: { paymentMethodId: UNKNOWN_UUID }, tip: 500 }, 'tip'],
    ])('%s is 400', async (_name, body, field) => {
      expectInvalid(await checkOut(visit.id, body), field);
    });

    it('a card of the wrong type is 400 naming the field', async () => {
      expectInvalid(
        await checkOut(visit.id, { payment: { paymentMethodId: who.fund.id } }),
        'payment.paymentMethodId',
        'wrong_card_type',
      );
    });

    it("another client's card, an unknown card or billable item is 404 naming the field", async () => {
      const other = await patient();
      expectNotFound(
        await checkOut(visit.id, { payment: { paymentMethodId: other.visa.id } }),
        'payment.paymentMethodId',
      );
      expectNotFound(
        await checkOut(visit.id, { payment: { paymentMethodId: UNKNOWN_UUID } }),
        'payment.paymentMethodId',
      );
      expectNotFound(
        await checkOut(visit.id, {
          items: [{ billableItemId: UNKNOWN_UUID }],
          payment: { paymentMethodId: who.visa.id },
        }),
        'items[0].billableItemId',
      );
    });

    it('an unknown booking is 404; another organisation is 403', async () => {
      expectNotFound(await checkOut(UNKNOWN_UUID, { payment: { paymentMethodId: who.visa.id } }));
      const stranger = await createTenant(t, 'Stranger Clinic');
      expectProblem(
        await postJson(t, checkOutPath(visit.id), { payment: { paymentMethodId: who.visa.id } }, stranger.auth),
        403,
        'forbidden',
      );
    });

    it('an unknown transaction is 404', async () => {
      expectNotFound(
        await t
          .http()
          .get(orgPath(home.id, `/transactions/${UNKNOWN_UUID}`))
          .set('Authorization', home.auth),
      );
    });

    it('nothing was charged by any of it', async () => {
      expect(await storedMoney(visit.id)).toEqual({ transactions: 0, payments: 0, claims: 0, medicare: 0 });
      expect((await getBooking(visit.id)).paid).toBe(false);
    });
  });
});

describe('a claim is for a service that happened, from one payer', () => {
  const markAttendance = (bookingId: string, body: Body) =>
    postJson(t, orgPath(home.id, `/bookings/${bookingId}/attendance`), body, home.auth);
  const fundClaim = (who: Patient) => ({
    healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
  });
  const bulkBill = (who: Patient) => ({
    items: [{ description: 'GP consultation level C', itemCode: '36', chargeAmount: 8290 }],
    medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: SIGNED_ASSIGNMENT },
  });
  const nothingStored = { transactions: 0, payments: 0, claims: 0, medicare: 0 };
  /** What the gateways were sent, for the file's member numbers and every Medicare claim. */
  const sentToPayers = (memberNumber: string) => ({
    fund: t.app.get<TestHealthFundGateway>(HealthFundGateway).claimsOf(memberNumber).length,
    medicare: t.app.get<TestMedicareGateway>(MedicareGateway).received.length,
  });

  it('a service still to come is 409 service_not_rendered for a claim, before any payer is asked; a card may prepay it', async () => {
    const who = await patient('40077101');
    const visit = await upcoming(who);
    const before = sentToPayers('40077101');
    for (const body of [
      { ...fundClaim(who), payment: { paymentMethodId: who.visa.id } },
      bulkBill(who),
      { medicareClaim: { type: 'patient_claim', patientMedicareCardId: who.medicare.id } },
    ]) {
      const refused = await checkOut(visit.id, body);
      expectProblem(refused, 409, 'service_not_rendered');
      expect(refused.body.detail).toContain('has not happened yet');
    }
    expect(sentToPayers('40077101')).toEqual(before);
    expect(await storedMoney(visit.id)).toEqual(nothingStored);
    expect((await checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } })).status).toBe(201);
  });

  it('a no-show is 409 service_not_rendered for any check-out, claim or card, and nothing is written', async () => {
    const who = await patient('40077102');
    const visit = await booking(who);
    expect((await markAttendance(visit.id, { attendance: 'no_show' })).status).toBe(200);
    for (const body of [fundClaim(who), bulkBill(who), { payment: { paymentMethodId: who.visa.id } }]) {
      const refused = await checkOut(visit.id, body);
      expectProblem(refused, 409, 'service_not_rendered');
      expect(refused.body.detail).toContain('no_show');
    }
    expect(sentToPayers('40077102').fund).toBe(0);
    expect(await storedMoney(visit.id)).toEqual(nothingStored);
  });

  it('a booking with a claim not voided cannot be marked no_show (409 booking_has_claim); once voided it can', async () => {
    const who = await patient();
    const visit = await booking(who);
    const sale = await created(checkOut(visit.id, { ...fundClaim(who), payment: { paymentMethodId: who.visa.id } }));
    expectProblem(await markAttendance(visit.id, { attendance: 'no_show' }), 409, 'booking_has_claim');
    expect((await getBooking(visit.id)).attendance).toBe('pending');
    const { claim } = sale.paymentTransactions.find((part: Body) => part.claim);
    await postJson(t, orgPath(home.id, `/transactions/${sale.id}/claims/${claim.id}/void`), {}, home.auth).expect(200);
    expect((await markAttendance(visit.id, { attendance: 'no_show' })).status).toBe(200);
  });

  it('marking a no-show cancels its open payment link', async () => {
    const who = await patient();
    const visit = await booking(who);
    const sale = await created(checkOut(visit.id, { paymentLink: {} }));
    const link = sale.paymentTransactions.find((part: Body) => part.paymentLinks?.length).paymentLinks[0];
    expect((await markAttendance(visit.id, { attendance: 'no_show' })).status).toBe(200);
    const token = link.url.split('/pay/')[1];
    expect((await t.http().get(`/v1/payment-links/${token}`).expect(200)).body.status).toBe('cancelled');
    const paid = await t
      .http()
      .post(`/v1/payment-links/${token}/pay`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ paymentMethodId: 'pm_card_visa' }));
    expectProblem(paid, 409, 'payment_link_cancelled');
  });

  it('Medicare and a health fund in one check-out is 409 double_claim, before either is asked', async () => {
    const who = await patient('40077103');
    const visit = await booking(who);
    const before = sentToPayers('40077103');
    expectProblem(
      await checkOut(visit.id, {
        ...fundClaim(who),
        medicareClaim: { type: 'patient_claim', patientMedicareCardId: who.medicare.id },
        payment: { paymentMethodId: who.visa.id },
      }),
      409,
      'double_claim',
    );
    expect(sentToPayers('40077103')).toEqual(before);
    expect(await storedMoney(visit.id)).toEqual(nothingStored);
  });

  it('a booking claimed from one payer is 409 double_claim for the other until that claim is voided', async () => {
    const who = await patient('40077104');
    const visit = await booking(who);
    // The fund claimed, the gap left to a link that expired unpaid: the booking is open again.
    const sale = await created(checkOut(visit.id, { ...fundClaim(who), paymentLink: {} }));
    const link = sale.paymentTransactions.find((part: Body) => part.paymentLinks?.length).paymentLinks[0];
    await sql(t, "update payment_link_tokens set expires_at = now() - interval '1 second' where link_id = ?", [
      link.id,
    ]);
    const medicare = {
      items: [{ description: 'GP consultation level C', itemCode: '36', chargeAmount: 9500 }],
      medicareClaim: { type: 'patient_claim', patientMedicareCardId: who.medicare.id },
      payment: { paymentMethodId: who.visa.id },
    };
    const sentBefore = sentToPayers('40077104').medicare;
    const refused = await checkOut(visit.id, medicare);
    expectProblem(refused, 409, 'double_claim');
    expect(refused.body.detail).toContain('a health fund claim');
    expect(sentToPayers('40077104').medicare).toBe(sentBefore);

    const { claim } = sale.paymentTransactions.find((part: Body) => part.claim);
    await postJson(t, orgPath(home.id, `/transactions/${sale.id}/claims/${claim.id}/void`), {}, home.auth).expect(200);
    expect((await checkOut(visit.id, medicare)).status).toBe(201);
  });

  it('a bulk bill takes no card and no link, and charges nothing Medicare does not pay: 409 bulk_bill_no_charge', async () => {
    const who = await patient();
    const visit = await booking(who, gp);
    const sentBefore = sentToPayers('none').medicare;
    for (const extra of [{ payment: { paymentMethodId: who.visa.id } }, { paymentLink: {} }]) {
      const refused = await checkOut(visit.id, { ...bulkBill(who), ...extra });
      expectProblem(refused, 409, 'bulk_bill_no_charge');
    }
    const uncoded = await checkOut(visit.id, {
      items: [
        { description: 'GP consultation level C', itemCode: '36', chargeAmount: 8290 },
        { description: 'Dressing', chargeAmount: 1500 },
      ],
      medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: SIGNED_ASSIGNMENT },
    });
    expectProblem(uncoded, 409, 'bulk_bill_no_charge');
    expect(uncoded.body.detail).toContain('Dressing');
    expect(sentToPayers('none').medicare).toBe(sentBefore);
    expect(await storedMoney(visit.id)).toEqual(nothingStored);
    const billed = await created(checkOut(visit.id, bulkBill(who)));
    expect(billed.amount).toBe(8290);
    expect((await getBooking(visit.id)).paid).toBe(true);
  });
});

describe('what a claim carries, and where it may be made', () => {
  it("Medicare gets the patient as the card names them (number, IRN, name, date of birth), the provider's number and the location's minor id", async () => {
    const who = await patient();
    const visit = await booking(who, gp);
    const medicare = t.app.get<TestMedicareGateway>(MedicareGateway);
    const sentBefore = medicare.received.length;
    await created(
      checkOut(visit.id, {
        medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: SIGNED_ASSIGNMENT },
      }),
    );
    expect(medicare.received.slice(sentBefore)).toEqual([
      expect.objectContaining({
        type: 'bulk_bill',
        patient: {
          medicareNumber: MEDICARE_NUMBER,
          referenceNumber: '1',
          firstName: 'Alex',
          lastName: 'Chen',
          dateOfBirth: '1990-04-02',
        },
        claimant: null,
        servicingProviderNumber: PROVIDER_NUMBER,
        locationMinorId: 'BJ001',
        items: [expect.objectContaining({ itemCode: '36', chargeAmount: 8290 })],
        referral: null,
      }),
    ]);
  });

  it('a location without an active registration with the payer is 409 location_not_registered, before the payer is asked', async () => {
    const business = await createBusiness(t, home.id);
    const pending = await createLocation(t, home.id, business.id, {
      registrations: [
        {
          medicare: { minorId: 'PD001', status: 'pending' },
          phi: { phiLocationId: 'HICAPS-00002', status: 'inactive' },
        },
      ],
    });
    await createLink(t, home.id, provider.id, pending.id, { medicare: { providerNumber: '2429592A' } });
    // The clinic's appointment types are offered there too.
    await Promise.all(
      [physio, gp].map((type) =>
        t
          .http()
          .patch(orgPath(home.id, `/appointment-types/${type.id}`))
          .set('Authorization', home.auth)
          .set('Content-Type', 'application/json')
          .send({ locations: [location.id, pending.id] })
          .expect(200),
      ),
    );
    const who = await patient('40077201');
    const visit = await created(
      postJson(
        t,
        orgPath(home.id, '/bookings'),
        {
          clientId: who.client.id,
          providerId: provider.id,
          locationId: pending.id,
          appointmentTypeId: gp.id,
          serviceDate: new Date(Date.UTC(PAST_YEAR, 7, 1, 0, 0) + nextSlot++ * 3_600_000).toISOString(),
        },
        home.auth,
      ),
    );
    const medicare = t.app.get<TestMedicareGateway>(MedicareGateway);
    const sentBefore = medicare.received.length;
    const toMedicare = await checkOut(visit.id, {
      medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: SIGNED_ASSIGNMENT },
    });
    expectProblem(toMedicare, 409, 'location_not_registered');
    expect(toMedicare.body.detail).toContain('Medicare');
    const toFund = await checkOut(visit.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: who.visa.id },
    });
    expectProblem(toFund, 409, 'location_not_registered');
    expect(medicare.received.length).toBe(sentBefore);
    expect(t.app.get<TestHealthFundGateway>(HealthFundGateway).claimsOf('40077201')).toEqual([]);
    expect(await storedMoney(visit.id)).toEqual({ transactions: 0, payments: 0, claims: 0, medicare: 0 });
    // Card money needs no registration.
    expect((await checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } })).status).toBe(201);
  });
});

describe('a fund claim is for a patient on the card', () => {
  const patientsOf = (sale: Body) =>
    sale.paymentTransactions
      .find((part: Body) => part.claim)
      .claim.items.map((item: Body) => item.patientReferenceNumber);

  it("the fund gets the card's defaultReferenceNumber, or the patientReferenceNumber sent over it; the claim's items keep it", async () => {
    const who = await patient('40077301');
    const byDefault = await created(fundAndCard(who, (await booking(who)).id));
    const named = await created(fundAndCard(who, (await booking(who)).id, { patientReferenceNumber: '3' }));
    expect(sentToFund('40077301').map((request) => request.patientReferenceNumber)).toEqual(['01', '3']);
    expect(patientsOf(byDefault)).toEqual(['01']);
    expect(patientsOf(named)).toEqual(['3']);
    expect(patientsOf(await getTransaction(named.id))).toEqual(['3']);
  });

  it('neither sent nor on the card is 400 naming healthFundClaim.patientReferenceNumber: the fund not asked, nothing written', async () => {
    const who = await patient('40077302');
    const card = await fundCardWithoutDefault(who, '40077303');
    const visit = await booking(who);
    expectInvalid(
      await fundAndCard(who, visit.id, { healthFundCardId: card.id }),
      'healthFundClaim.patientReferenceNumber',
      'required',
    );
    await expectNothingDone(visit.id, '40077303');
    // Named, the same card claims.
    await created(fundAndCard(who, visit.id, { healthFundCardId: card.id, patientReferenceNumber: '02' }));
    expect(sentToFund('40077303')).toEqual([expect.objectContaining({ patientReferenceNumber: '02' })]);
  });

  it.each([
    ['3 digits', '001', 'invalid_format'],
    ['a letter', 'A1', 'invalid_format'],
    ['empty', '', 'invalid_format'],
    ['a number', 1, 'invalid_type'],
    ['null', null, 'invalid_type'],
  ])('a patientReferenceNumber that is %s is 400 %s, and the fund is not asked', async (_name, value, code) => {
    const who = await patient('40077304');
    const visit = await booking(who);
    expectInvalid(
      await fundAndCard(who, visit.id, { patientReferenceNumber: value }),
      'healthFundClaim.patientReferenceNumber',
      code,
    );
    await expectNothingDone(visit.id, '40077304');
  });
});

describe("a fund claim is made at one of the location's terminals", () => {
  it('one the location lists is sent to the fund and kept on the claim; any other is 400 unknown_terminal: the fund not asked, nothing written', async () => {
    // Another location of the clinic, with a terminal of its own: not one of the booking's location's.
    await createLocation(t, home.id, (await createBusiness(t, home.id)).id, { terminalIds: ['T-9'] });
    const who = await patient('40077501');
    const visit = await booking(who);
    for (const terminalId of ['T-9', 'T-2', 't-1', 'T-1 ']) {
      expectInvalid(await fundAndCard(who, visit.id, { terminalId }), 'healthFundClaim.terminalId', 'unknown_terminal');
    }
    await expectNothingDone(visit.id, '40077501');

    const sale = await created(fundAndCard(who, visit.id, { terminalId: 'T-1' }));
    expect(sentToFund('40077501')).toEqual([expect.objectContaining({ terminalId: 'T-1' })]);
    expect(sale.paymentTransactions.find((part: Body) => part.claim).claim.device).toEqual({ terminalId: 'T-1' });
  });

  it('a claim naming no terminal asks the patient, and with no SMS or email to reach them is refused, nothing written', async () => {
    const who = await patient('40077502');
    const visit = await booking(who);
    const answer = await fundAndCard(who, visit.id, { terminalId: undefined });
    expectProblem(answer, 409, 'confirmation_channel_unavailable');
    await expectNothingDone(visit.id, '40077502');
  });
});

describe('the statements of a check-out', () => {
  const get = async (path: string) =>
    (await t.http().get(orgPath(home.id, path)).set('Authorization', home.auth).expect(200)).body;
  const fundAndCard = (who: Patient) => ({
    healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
    payment: { paymentMethodId: who.visa.id },
  });

  it('claims the fund and charges the card in at most 20 statements, every row, lock and event kept', async () => {
    // A first one warms what any instance has warm: the key, the organisation, the ORM's metadata.
    const warm = await patient();
    await created(checkOut((await booking(warm)).id, fundAndCard(warm)));
    const who = await patient();
    const visit = await booking(who);

    let response: Body = {};
    const { statements } = await countStatements(async () => (response = await checkOut(visit.id, fundAndCard(who))));

    expect(response.status).toBe(201);
    expect(statements.length).toBeLessThanOrEqual(20);
    const sale = response.body;
    expect(await storedMoney(visit.id)).toEqual({ transactions: 1, payments: 2, claims: 1, medicare: 0 });
    const transaction = await getTransaction(sale.id);
    expect(sale).toEqual(transaction);
    const [claimPart, cardPart] = transaction.paymentTransactions;
    expect(claimPart).toMatchObject({ source: 'health_fund_claim', amount: 4800, claim: { totalRebateAmount: 4800 } });
    expect(cardPart).toMatchObject({ source: 'payment', amount: 7200, payment: { status: 'succeeded' } });
    expect(chargesDescribed(t, `Booking ${visit.id}`)).toHaveLength(1);

    const bookingNow = await get(`/bookings/${visit.id}`);
    expect(bookingNow).toMatchObject({ paid: true, invoiced: true });
    expect(Date.parse(bookingNow.updatedAt)).toBeGreaterThan(Date.parse(visit.updatedAt));
    const { items: invoices } = await get(`/invoices?bookingId=${visit.id}`);
    expect(invoices).toHaveLength(1);
    const invoice = await get(`/invoices/${invoices[0].id}`);
    expect(invoice).toMatchObject({ transactionId: sale.id, status: 'paid', total: 12000, amountDue: 0 });
    expect(invoice.number).toMatch(/^INV-\d{6,}$/);

    // Each event's data is what its GET answers.
    expect(await eventsOf('transaction.created', (data) => data.id === sale.id)).toEqual([transaction]);
    expect(await eventsOf('claim.approved', (data) => data.id === claimPart.claim.id)).toEqual([claimPart.claim]);
    expect(await eventsOf('payment.succeeded', (data) => data.id === cardPart.id)).toEqual([cardPart]);
    expect(await eventsOf('booking.paid', (data) => data.id === visit.id)).toEqual([bookingNow]);
    expect(await eventsOf('invoice.created', (data) => data.id === invoice.id)).toEqual([invoice]);
    expect(await eventsOf('invoice.paid', (data) => data.id === invoice.id)).toEqual([invoice]);
    // The receipt's job, queued with invoice.paid.
    const [paidEvent] = await sql<{ id: string }>(
      t,
      `select id from events where type = 'invoice.paid' and data->>'id' = ?`,
      [invoice.id],
    );
    const jobs = await sql(
      t,
      `select data from pgboss_${RUN}.job where name = 'notifications.plan' and data->>'eventId' = ?`,
      [paidEvent.id],
    );
    expect(jobs).toEqual([
      { data: expect.objectContaining({ bookingId: visit.id, eventType: 'invoice.paid', invoiceId: invoice.id }) },
    ]);
  });
});

describe('GET …/transactions', () => {
  let who: Patient;
  let first: Body;
  let second: Body;
  const list = (query: string, auth = home.auth) =>
    t
      .http()
      .get(orgPath(home.id, `/transactions?${query}`))
      .set('Authorization', auth);

  beforeAll(async () => {
    who = await patient();
    first = await created(checkOut((await booking(who)).id, { payment: { paymentMethodId: who.visa.id } }));
    second = await created(
      checkOut((await booking(who)).id, {
        healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
        payment: { paymentMethodId: who.visa.id },
      }),
    );
  });

  it('filters by client, newest first, each as its GET answers it', async () => {
    const response = await list(`clientId=${who.client.id}`).expect(200);
    expect(response.body).toMatchObject({ totalItems: 2 });
    expect(response.body.items).toEqual([second, first]);
  });

  it('filters by booking and by creation time', async () => {
    expect((await list(`bookingId=${first.bookingId}`).expect(200)).body.items.map((item: Body) => item.id)).toEqual([
      first.id,
    ]);
    const between = `clientId=${who.client.id}&createdAtMin=${encodeURIComponent(second.createdAt)}&createdAtMax=${encodeURIComponent(new Date(Date.parse(second.createdAt) + 1).toISOString())}`;
    expect((await list(between).expect(200)).body.items.map((item: Body) => item.id)).toEqual([second.id]);
    expect(
      (await list(`clientId=${who.client.id}&createdAtMax=${encodeURIComponent(first.createdAt)}`).expect(200)).body
        .items,
    ).toEqual([]);
  });

  it('pages', async () => {
    const response = await list(`clientId=${who.client.id}&limit=1&page=2`).expect(200);
    expect(response.body.items.map((item: Body) => item.id)).toEqual([first.id]);
    expect(response.body.totalItems).toBe(2);
  });

  it('expands the billable items as charged', async () => {
    const [item] = (await list(`bookingId=${first.bookingId}&expand=transactionItems.billableItem`).expect(200)).body
      .items[0].transactionItems;
    expect(item.billableItem).toMatchObject({
      name: 'Initial physiotherapy consultation',
      totalPrice: 9500,
      itemCode: '500',
    });
    const got = await t
      .http()
      .get(orgPath(home.id, `/transactions/${first.id}?expand=transactionItems.billableItem`))
      .set('Authorization', home.auth)
      .expect(200);
    expect(got.body.transactionItems[0].billableItem).toEqual(item.billableItem);
    expect(first.transactionItems[0]).not.toHaveProperty('billableItem');
  });

  it.each([
    ['bookingId=nope', 'bookingId'],
    ['clientId=1', 'clientId'],
    ['createdAtMin=yesterday', 'createdAtMin'],
    ['createdAtMax=2026-13-01T00:00:00Z', 'createdAtMax'],
    ['expand=client', 'expand'],
  ])('%s is 400', async (query, field) => {
    expectInvalid(await list(query), field);
  });

  it("another organisation's key is 403", async () => {
    const stranger = await createTenant(t, 'Nosy Clinic');
    expectProblem(await list('', stranger.auth), 403, 'forbidden');
  });
});

describe('POST …/claims/estimates', () => {
  const estimate = (body: Body) => postJson(t, orgPath(home.id, '/claims/estimates'), body, home.auth);

  it("answers the fund's rebate as an estimate, and stores nothing", async () => {
    const who = await patient();
    const [before] = await sql<{ count: number }>(
      t,
      'select count(*)::int as count from claims where organisation_id = ?',
      [home.id],
    );
    const response = await estimate({
      healthFundCardId: who.fund.id,
      items: [
        { itemCode: '500', chargeAmount: 9500 },
        { itemCode: '505', chargeAmount: 2000 },
        { itemCode: '9', chargeAmount: 100 },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      isRebateEstimate: true,
      totalChargeAmount: 11600,
      totalRebateAmount: 4800 + 2000,
      totalGapAmount: 11600 - 6800,
      healthFund: { id: BUPA, name: 'Bupa HI' },
    });
    expect(response.body.items.map((item: Body) => item.rebateAmount)).toEqual([4800, 2000, 0]);
    const [after] = await sql<{ count: number }>(
      t,
      'select count(*)::int as count from claims where organisation_id = ?',
      [home.id],
    );
    expect(after.count).toBe(before.count);
  });

  it("quotes for the patientReferenceNumber sent, else the card's default; with neither it is 400 and the fund is not asked", async () => {
    const who = await patient('40077401');
    const items = [{ itemCode: '500', chargeAmount: 9500 }];
    expect((await estimate({ healthFundCardId: who.fund.id, items })).status).toBe(200);
    expect((await estimate({ healthFundCardId: who.fund.id, patientReferenceNumber: '02', items })).status).toBe(200);
    expect(sentToFund('40077401').map((request) => request.patientReferenceNumber)).toEqual(['01', '02']);

    const bare = await fundCardWithoutDefault(who, '40077402');
    expectInvalid(await estimate({ healthFundCardId: bare.id, items }), 'patientReferenceNumber', 'required');
    expectInvalid(
      await estimate({ healthFundCardId: bare.id, patientReferenceNumber: '123', items }),
      'patientReferenceNumber',
      'invalid_format',
    );
    expect(sentToFund('40077402')).toEqual([]);
    const named = await estimate({ healthFundCardId: bare.id, patientReferenceNumber: '1', items });
    expect(named.status).toBe(200);
    expect(named.body.items.map((item: Body) => item.patientReferenceNumber)).toEqual(['1']);
  });

  it('a rejected member is 402 claim_rejected; a missing card 404; bad items 400', async () => {
    const rejected = await patient(FUND_TEST_MEMBER_NUMBERS.rejected);
    expectProblem(
      await estimate({ healthFundCardId: rejected.fund.id, items: [{ itemCode: '500', chargeAmount: 9500 }] }),
      402,
      'claim_rejected',
    );
    expectNotFound(
      await estimate({ healthFundCardId: UNKNOWN_UUID, items: [{ itemCode: '500', chargeAmount: 9500 }] }),
      'healthFundCardId',
    );
    expectInvalid(await estimate({ healthFundCardId: rejected.fund.id, items: [] }), 'items');
    expectInvalid(
      await estimate({ healthFundCardId: rejected.fund.id, items: [{ itemCode: '500', chargeAmount: -5 }] }),
      'items[0].chargeAmount',
    );
    expectInvalid(
      await estimate({ healthFundCardId: rejected.visa.id, items: [{ itemCode: '500', chargeAmount: 5 }] }),
      'healthFundCardId',
      'wrong_card_type',
    );
  });
});

describe('POST …/transactions/{transactionId}/claims/{claimId}/void', () => {
  const voidPath = (transactionId: string, claimId: string) =>
    orgPath(home.id, `/transactions/${transactionId}/claims/${claimId}/void`);

  it('voids a claim made today: voidedAt set, the rebate taken back as an adjustment, the fund reversed, claim.voided', async () => {
    const who = await patient('40017777');
    const sale = await created(
      checkOut((await booking(who)).id, {
        healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
        payment: { paymentMethodId: who.visa.id },
      }),
    );
    const claimPart = sale.paymentTransactions.find((part: Body) => part.source === 'health_fund_claim');
    const response = await postJson(t, voidPath(sale.id, claimPart.claim.id), {}, home.auth);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: claimPart.claim.id,
      voidedAt: expect.any(String),
      totalRebateAmount: 4800,
    });
    const got = await getTransaction(sale.id);
    const voidedPart = got.paymentTransactions.find((part: Body) => part.id === claimPart.id);
    expect(voidedPart.adjustmentTransactions).toEqual([
      expect.objectContaining({ source: 'claim_void', amount: -4800 }),
    ]);
    expect(voidedPart.claim.voidedAt).toBe(response.body.voidedAt);
    const fund = t.app.get<TestHealthFundGateway>(HealthFundGateway);
    expect(fund.claimsOf('40017777')).toEqual([{ referenceNumber: claimPart.claim.referenceNumber, reversed: true }]);
    expect(await eventsOf('claim.voided', (data) => data.id === claimPart.claim.id)).toEqual([response.body]);
    expect((await getBooking(sale.bookingId)).paid).toBe(false);
    expectProblem(await postJson(t, voidPath(sale.id, claimPart.claim.id), {}, home.auth), 409, 'claim_not_voidable');
  });

  it('voids a bulk-billed Medicare claim: paymentStatus voided, the benefit taken back, Medicare reversed, the booking unpaid and open to check-out again', async () => {
    const who = await patient();
    const visit = await booking(who, gp);
    const sale = await created(
      checkOut(visit.id, {
        medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: SIGNED_ASSIGNMENT },
      }),
    );
    const [part] = sale.paymentTransactions;
    const hook = await created(
      postJson(
        t,
        orgPath(home.id, '/webhook-endpoints'),
        { url: receiverUrl, enabledEvents: ['medicare_claim.voided'] },
        home.auth,
      ),
    );
    receiver.secret = hook.secret;
    const response = await postJson(t, voidPath(sale.id, part.medicareClaim.id), {}, home.auth);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: part.medicareClaim.id,
      transactionId: sale.id,
      paymentStatus: { code: 'voided', name: 'Voided' },
      totalRebateAmount: 8290,
    });
    const got = await getTransaction(sale.id);
    expect(got.paymentTransactions[0].adjustmentTransactions).toEqual([
      expect.objectContaining({ source: 'claim_void', amount: -8290 }),
    ]);
    expect(got.paymentTransactions[0].medicareClaim.paymentStatus).toEqual({ code: 'voided', name: 'Voided' });
    expect(t.app.get<TestMedicareGateway>(MedicareGateway).reversed.has(part.medicareClaim.mcolClaimId)).toBe(true);
    expect(await eventsOf('medicare_claim.voided', (data) => data.id === part.medicareClaim.id)).toEqual([
      response.body,
    ]);
    expect(await eventsOf('claim.voided', (data) => data.id === part.medicareClaim.id)).toEqual([]);
    const [delivery] = await receiver.waitFor(1);
    expect(delivery.event).toMatchObject({
      type: 'medicare_claim.voided',
      organisationId: home.id,
      data: response.body,
    });
    await t
      .http()
      .delete(orgPath(home.id, `/webhook-endpoints/${hook.id}`))
      .set('Authorization', home.auth)
      .expect(204);
    expect((await getBooking(visit.id)).paid).toBe(false);
    expectProblem(
      await postJson(t, voidPath(sale.id, part.medicareClaim.id), {}, home.auth),
      409,
      'claim_not_voidable',
    );
    // Claimed again, the booking is paid again; the payout nets the voided benefit to nothing.
    expect(
      (
        await checkOut(visit.id, {
          medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: SIGNED_ASSIGNMENT },
        })
      ).status,
    ).toBe(201);
    expect((await getBooking(visit.id)).paid).toBe(true);
  });

  it("voids a patient claim: Medicare takes the patient's benefit back; the card paid the business, so its money and the booking's paid stay", async () => {
    const who = await patient();
    const visit = await booking(who, gp);
    const sale = await created(
      checkOut(visit.id, {
        medicareClaim: { type: 'patient_claim', patientMedicareCardId: who.medicare.id },
        payment: { paymentMethodId: who.visa.id },
      }),
    );
    const [claim] = await sql<{ id: string; mcol_claim_id: string }>(
      t,
      'select id, mcol_claim_id from medicare_claims where transaction_id = ?',
      [sale.id],
    );
    const response = await postJson(t, voidPath(sale.id, claim.id), {}, home.auth);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: claim.id,
      type: { code: 'patient_claim' },
      paymentStatus: { code: 'voided' },
    });
    expect(t.app.get<TestMedicareGateway>(MedicareGateway).reversed.has(claim.mcol_claim_id)).toBe(true);
    const got = await getTransaction(sale.id);
    expect(got.paymentTransactions).toEqual([
      expect.objectContaining({ source: 'payment', amount: 8290, adjustmentTransactions: [] }),
    ]);
    expect((await getBooking(visit.id)).paid).toBe(true);
  });

  it('a payment link paid after its claim was voided does not make the booking paid', async () => {
    const who = await patient();
    const visit = await booking(who);
    const sale = await created(
      checkOut(visit.id, {
        healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
        paymentLink: {},
      }),
    );
    const claimPart = sale.paymentTransactions.find((part: Body) => part.claim);
    const linkPart = sale.paymentTransactions.find((part: Body) => part.paymentLinks?.length);
    expect((await postJson(t, voidPath(sale.id, claimPart.claim.id), {}, home.auth)).status).toBe(200);
    await payLink(t, linkPart.paymentLinks[0].url).expect(200);
    expect((await getBooking(visit.id)).paid).toBe(false);
  });

  it('a void the database does not record leaves the claim with the fund', async () => {
    const who = await patient('40016666');
    const sale = await created(
      checkOut((await booking(who)).id, {
        healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
        payment: { paymentMethodId: who.visa.id },
      }),
    );
    const claimPart = sale.paymentTransactions.find((part: Body) => part.source === 'health_fund_claim');
    await whileEventsRefused(`new.type = 'claim.voided' and new.data->>'id' = '${claimPart.claim.id}'`, async () => {
      expect((await postJson(t, voidPath(sale.id, claimPart.claim.id), {}, home.auth)).status).toBe(500);
    });
    expect(t.app.get<TestHealthFundGateway>(HealthFundGateway).claimsOf('40016666')).toEqual([
      { referenceNumber: claimPart.claim.referenceNumber, reversed: false },
    ]);
    expect(
      (await getTransaction(sale.id)).paymentTransactions.find((part: Body) => part.id === claimPart.id).claim.voidedAt,
    ).toBeNull();
    expect((await getBooking(sale.bookingId)).paid).toBe(true);
  });

  it('a claim made on an earlier business day of the location is 409 claim_not_voidable, and nothing changes', async () => {
    const who = await patient();
    const medicareSale = await created(
      checkOut((await booking(who, gp)).id, {
        medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: SIGNED_ASSIGNMENT },
      }),
    );
    const fundSale = await created(
      checkOut((await booking(who)).id, {
        healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
        payment: { paymentMethodId: who.visa.id },
      }),
    );
    const medicareClaim = medicareSale.paymentTransactions[0].medicareClaim;
    const fundClaim = fundSale.paymentTransactions.find((part: Body) => part.claim).claim;
    await sql(t, "update medicare_claims set created_at = created_at - interval '2 days' where id = ?", [
      medicareClaim.id,
    ]);
    await sql(t, "update claims set created_at = created_at - interval '2 days' where id = ?", [fundClaim.id]);
    expectProblem(
      await postJson(t, voidPath(medicareSale.id, medicareClaim.id), {}, home.auth),
      409,
      'claim_not_voidable',
    );
    expectProblem(await postJson(t, voidPath(fundSale.id, fundClaim.id), {}, home.auth), 409, 'claim_not_voidable');
    const adjustments = await sql<{ count: number }>(
      t,
      "select count(*)::int as count from payment_transactions where transaction_id in (?, ?) and adjustments <> '[]'::jsonb",
      [medicareSale.id, fundSale.id],
    );
    expect(adjustments).toEqual([{ count: 0 }]);
    expect((await getBooking(medicareSale.bookingId)).paid).toBe(true);
  });

  it('an unknown transaction or claim is 404', async () => {
    const who = await patient();
    const sale = await created(checkOut((await booking(who)).id, { payment: { paymentMethodId: who.visa.id } }));
    expectNotFound(await postJson(t, voidPath(sale.id, UNKNOWN_UUID), {}, home.auth));
    expectNotFound(await postJson(t, voidPath(UNKNOWN_UUID, UNKNOWN_UUID), {}, home.auth));
  });

  it("a Medicare claim named under another transaction, or another organisation's, is 404, as is an id of no possible claim", async () => {
    const who = await patient();
    const medicareSale = await created(
      checkOut((await booking(who, gp)).id, {
        medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: SIGNED_ASSIGNMENT },
      }),
    );
    const other = await created(checkOut((await booking(who)).id, { payment: { paymentMethodId: who.visa.id } }));
    const claimId = medicareSale.paymentTransactions[0].medicareClaim.id;
    expectNotFound(await postJson(t, voidPath(other.id, claimId), {}, home.auth));
    const stranger = await createTenant(t, 'Stranger Clinic');
    expectNotFound(
      await postJson(
        t,
        orgPath(stranger.id, `/transactions/${medicareSale.id}/claims/${claimId}/void`),
        {},
        stranger.auth,
      ),
    );
    expectNotFound(await postJson(t, voidPath(medicareSale.id, 'not-a-claim'), {}, home.auth));
    expect((await getBooking(medicareSale.bookingId)).paid).toBe(true);
  });
});

describe('a booking checked out again collects only what is still open on it', () => {
  const fundAndCard = (who: Patient) => ({
    healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
    payment: { paymentMethodId: who.visa.id },
  });
  const voidClaimOf = async (sale: Body) => {
    const { claim } = sale.paymentTransactions.find((part: Body) => part.claim);
    await postJson(t, orgPath(home.id, `/transactions/${sale.id}/claims/${claim.id}/void`), {}, home.auth).expect(200);
  };
  /** What the card was charged for the booking, charge by charge, less what was refunded. */
  const charged = (bookingId: string) =>
    chargesDescribed(t, `Booking ${bookingId}`).map((charge) => charge.amount - charge.refunded);

  it('the same fund-and-card check-out after its claim was voided claims the fund again and charges the card nothing more', async () => {
    const who = await patient();
    const visit = await booking(who);
    await voidClaimOf(await created(checkOut(visit.id, fundAndCard(who))));
    const again = await checkOut(visit.id, fundAndCard(who));
    expect(again.status).toBe(201);
    expect(again.body.paymentTransactions).toEqual([
      expect.objectContaining({ source: 'health_fund_claim', amount: 4800 }),
    ]);
    expect(again.body.paymentMethodId).toBeNull();
    // 7200 on the card the first time and 4800 from the fund now: the booking's 12000, once.
    expect(charged(visit.id)).toEqual([7200]);
    expect((await getBooking(visit.id)).paid).toBe(true);
  });

  it('a card-only check-out after a void charges what the void left open, not the whole price again', async () => {
    const who = await patient();
    const visit = await booking(who);
    await voidClaimOf(await created(checkOut(visit.id, fundAndCard(who))));
    const again = await checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } });
    expect(again.status).toBe(201);
    expect(again.body.paymentTransactions).toEqual([expect.objectContaining({ source: 'payment', amount: 4800 })]);
    expect(charged(visit.id)).toEqual([7200, 4800]);
    expect((await getBooking(visit.id)).paid).toBe(true);
  });

  it('a refunded payment no longer counts: the next check-out collects what the refund gave back', async () => {
    const who = await patient();
    const visit = await booking(who);
    const first = await created(checkOut(visit.id, fundAndCard(who)));
    const card = first.paymentTransactions.find((part: Body) => part.source === 'payment');
    await postJson(t, orgPath(home.id, `/payment-transactions/${card.id}/refunds`), { amount: 2000 }, home.auth).expect(
      201,
    );
    await voidClaimOf(first);
    const again = await checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } });
    expect(again.status).toBe(201);
    expect(charged(visit.id)).toEqual([7200 - 2000, 4800 + 2000]);
  });

  it('a booking paid ahead by card is claimed once rendered: the claim alone, its rebate refunded to the card', async () => {
    const who = await patient();
    const visit = await booking(who);
    const prepaid = await created(checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } }));
    expect(charged(visit.id)).toEqual([12000]);
    const claimed = await checkOut(visit.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
    });
    expect(claimed.status).toBe(201);
    expect(claimed.body.paymentTransactions).toEqual([
      expect.objectContaining({ source: 'health_fund_claim', amount: 4800 }),
    ]);
    // The patient has paid the gap only: the card keeps 12000 less the fund's 4800.
    expect(charged(visit.id)).toEqual([12000 - 4800]);
    const card = (await getTransaction(prepaid.id)).paymentTransactions[0];
    expect(card.adjustmentTransactions).toEqual([expect.objectContaining({ source: 'refund', amount: -4800 })]);
    expect((await getBooking(visit.id)).paid).toBe(true);
    expect(
      await eventsOf(
        'refund.created',
        (data) => data.amount === -4800 && data.id === card.adjustmentTransactions[0].id,
      ),
    ).toHaveLength(1);
    // Claimed once: the same claim again is refused, and so is a card payment of a paid booking.
    expectProblem(
      await checkOut(visit.id, { healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL } }),
      409,
      'booking_already_claimed',
    );
    expectProblem(await checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } }), 409, 'booking_already_paid');
  });

  it("a prepaid booking's one invoice: the claim pays part, the card's return comes off what was paid, and a void makes it due", async () => {
    const who = await patient();
    const visit = await booking(who);
    await created(checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } }));
    const claimed = await created(
      checkOut(visit.id, { healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL } }),
    );
    const invoiceOfVisit = async () => {
      const { body } = await t
        .http()
        .get(orgPath(home.id, `/invoices?bookingId=${visit.id}`))
        .set('Authorization', home.auth)
        .expect(200);
      expect(body.items).toHaveLength(1);
      return body.items[0];
    };
    // The card's 12000 less the 4800 it got back, and the fund's 4800: paid, nothing refunded of the price.
    const invoice = await invoiceOfVisit();
    expect(invoice).toMatchObject({
      status: 'paid',
      total: 12000,
      amountPaid: 12000,
      amountRefunded: 0,
    });
    const printed = async () => {
      const { body } = await t
        .http()
        .get(orgPath(home.id, `/invoices/${invoice.id}`))
        .set('Authorization', home.auth)
        .set('Accept', 'application/pdf')
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      return (await extractText(new Uint8Array(body as Buffer), { mergePages: true })).text;
    };
    // The PDF says what the card got back for what it is: money paid beyond the price, no void.
    expect(await printed()).toContain('Overpayment returned $48.00');
    expect(await printed()).not.toContain('Claims voided');
    await voidClaimOf(claimed);
    expect(await invoiceOfVisit()).toMatchObject({ status: 'open', amountPaid: 7200, amountDue: 4800 });
    expect(await printed()).toMatch(/Claims voided \$48\.00[\s\S]*Overpayment returned \$48\.00/);
    expect((await getBooking(visit.id)).paid).toBe(false);
  });

  it('a prepaid booking claimed from a payer that refuses keeps its card money whole', async () => {
    const who = await patient('99999999');
    const visit = await booking(who);
    await created(checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } }));
    const refused = await checkOut(visit.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
    });
    expectProblem(refused, 402, 'claim_rejected');
    expect(charged(visit.id)).toEqual([12000]);
    expect(await storedMoney(visit.id)).toEqual({ transactions: 1, payments: 1, claims: 0, medicare: 0 });
  });

  it('nothing left open is 409 booking_already_paid, and nothing is claimed or charged', async () => {
    const who = await patient();
    const visit = await booking(who);
    await voidClaimOf(await created(checkOut(visit.id, fundAndCard(who))));
    const again = await checkOut(visit.id, {
      items: [{ description: 'Gap', chargeAmount: 7200 }],
      payment: { paymentMethodId: who.visa.id },
    });
    expectProblem(again, 409, 'booking_already_paid');
    expect(again.body.detail).toContain('7200');
    expect(await storedMoney(visit.id)).toEqual({ transactions: 1, payments: 2, claims: 1, medicare: 0 });
    expect(charged(visit.id)).toEqual([7200]);
  });

  it('claims that would pay for what earlier money already holds are refused, and reversed', async () => {
    const who = await patient('40077001');
    const visit = await booking(who);
    await voidClaimOf(await created(checkOut(visit.id, fundAndCard(who))));
    // The fund pays 4800 of the 9500 consultation, leaving 4700: less than the 7200 the card already holds.
    const again = await checkOut(visit.id, {
      items: [{ description: 'Initial physiotherapy consultation', itemCode: '500', chargeAmount: 9500 }],
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
    });
    expectProblem(again, 409, 'booking_already_paid');
    const fund = t.app.get<TestHealthFundGateway>(HealthFundGateway);
    expect(fund.claimsOf('40077001').map((claim) => claim.reversed)).toEqual([true, true]);
    expect(await storedMoney(visit.id)).toEqual({ transactions: 1, payments: 2, claims: 1, medicare: 0 });
    expect((await getBooking(visit.id)).paid).toBe(false);
  });

  it('a bulk bill while the card holds money for the service is 409 bulk_bill_no_charge, before Medicare is asked', async () => {
    const who = await patient();
    const visit = await booking(who);
    await voidClaimOf(await created(checkOut(visit.id, fundAndCard(who))));
    const medicare = t.app.get<TestMedicareGateway>(MedicareGateway);
    const sentBefore = medicare.received.length;
    const again = await checkOut(visit.id, {
      items: [{ description: 'GP consultation', itemCode: '36', chargeAmount: 8290 }],
      medicareClaim: { type: 'bulk_bill', patientMedicareCardId: who.medicare.id, assignment: SIGNED_ASSIGNMENT },
    });
    expectProblem(again, 409, 'bulk_bill_no_charge');
    expect(medicare.received.length).toBe(sentBefore);
    expect(await storedMoney(visit.id)).toEqual({ transactions: 1, payments: 2, claims: 1, medicare: 0 });
  });
});

describe('POST …/payment-transactions/{paymentTransactionId}/refunds', () => {
  const refund = (id: string, body: Body) =>
    postJson(t, orgPath(home.id, `/payment-transactions/${id}/refunds`), body, home.auth);
  let who: Patient;
  beforeAll(async () => {
    who = await patient();
  });
  const cardPartOf = async () => {
    const sale = await created(
      checkOut((await booking(who)).id, {
        healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
        payment: { paymentMethodId: who.visa.id },
      }),
    );
    return {
      sale,
      card: sale.paymentTransactions.find((part: Body) => part.source === 'payment'),
      claim: sale.paymentTransactions.find((part: Body) => part.source === 'health_fund_claim'),
    };
  };

  it('refunds part, then the rest, never more than paid', async () => {
    const { sale, card } = await cardPartOf();
    expect(card.amount).toBe(7200);
    const first = await refund(card.id, { amount: 2000, reason: 'Session cut short' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      source: 'refund',
      amount: -2000,
    });
    expectProblem(await refund(card.id, { amount: 5201 }), 409, 'refund_exceeds_payment');
    expect((await refund(card.id, { amount: 5200 })).status).toBe(201);
    expectProblem(await refund(card.id, { amount: 1 }), 409, 'refund_exceeds_payment');
    const got = await getTransaction(sale.id);
    expect(
      got.paymentTransactions
        .find((part: Body) => part.id === card.id)
        .adjustmentTransactions.map((adjustment: Body) => adjustment.amount),
    ).toEqual([-2000, -5200]);
    expect(await eventsOf('refund.created', (data) => data.id === first.body.id)).toEqual([first.body]);
  });

  it('a refund the database does not record is not sent to the processor', async () => {
    const { sale, card } = await cardPartOf();
    const atProcessor = () => chargesDescribed(t, `Booking ${sale.bookingId}`);
    await whileEventsRefused(`new.type = 'refund.created' and new.organisation_id = '${home.id}'`, async () => {
      expect((await refund(card.id, { amount: 2000 })).status).toBe(500);
    });
    expect(atProcessor()).toEqual([{ paymentId: card.payment.id, amount: 7200, refunded: 0 }]);
    expect(
      (await getTransaction(sale.id)).paymentTransactions.find((part: Body) => part.id === card.id)
        .adjustmentTransactions,
    ).toEqual([]);

    expect((await refund(card.id, { amount: 2000 })).status).toBe(201);
    expect(atProcessor()).toEqual([{ paymentId: card.payment.id, amount: 7200, refunded: 2000 }]);
  });

  it('parallel refunds of one payment never add up to more than it', async () => {
    const { card } = await cardPartOf();
    const answers = await Promise.all(Array.from({ length: 6 }, () => refund(card.id, { amount: 2000 })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
  });

  it('a refund after a payout adjusts the payment, waiting for the next payout; the paid-out one unchanged', async () => {
    const { sale, card } = await cardPartOf();
    const [{ business_id: businessId }] = await sql<{ business_id: string }>(
      t,
      'select business_id from transactions where id = ?',
      [sale.id],
    );
    const [payout] = await sql<{ id: string }>(
      t,
      `insert into payouts (id, organisation_id, business_id, amount, currency, status, arrival_date, transaction_count, counted_claims, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, 0, 'AUD', 'paid', current_date, 1, false, now(), now()) returning id`,
      [home.id, businessId],
    );
    await sql(t, 'update payment_transactions set payout_id = ? where id = ?', [payout.id, card.id]);
    expect((await refund(card.id, { amount: 1000 })).status).toBe(201);
    const rows = await sql<{ id: string; payout_id: string | null; amount: number; adjustments: Body[] }>(
      t,
      "select id, payout_id, amount, adjustments from payment_transactions where transaction_id = ? and source = 'payment' order by created_at, id",
      [sale.id],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        id: card.id,
        payout_id: payout.id,
        amount: 7200,
        adjustments: [expect.objectContaining({ source: 'refund', amount: -1000, payoutId: null })],
      }),
    ]);
    const [stored] = await sql<{ amount: number }>(t, 'select amount from payouts where id = ?', [payout.id]);
    expect(stored.amount).toBe(0);
    expectProblem(await refund(card.id, { amount: 6201 }), 409, 'refund_exceeds_payment');
  });

  it('a claim is not refunded: 409; unknown 404; bad amounts 400', async () => {
    const { claim } = await cardPartOf();
    expectProblem(await refund(claim.id, { amount: 100 }), 409, 'not_a_card_payment');
    expectNotFound(await refund(UNKNOWN_UUID, { amount: 100 }));
    for (const amount of [0, -5, 1.5, '100', 2 ** 31]) expectInvalid(await refund(claim.id, { amount }), 'amount');
    expectInvalid(await refund(claim.id, {}), 'amount');
  });
});

describe('payment links', () => {
  const linkOf = (transaction: Body) =>
    transaction.paymentTransactions.find((part: Body) => part.paymentLinks?.length)?.paymentLinks[0];
  const tokenOf = (url: string) => url.split('/pay/')[1];
  const view = (token: string) => t.http().get(`/v1/payment-links/${token}`);
  const pay = (token: string, body: Body) =>
    t.http().post(`/v1/payment-links/${token}/pay`).set('Content-Type', 'application/json').send(JSON.stringify(body));

  it('a check-out leaves the gap to a link: unpaid until the client pays it, then settled and the booking paid', async () => {
    const who = await patient();
    const visit = await booking(who);
    const response = await checkOut(visit.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
      paymentLink: { expiresInHours: 24 },
    });
    expect(response.status).toBe(201);
    const link = linkOf(response.body);
    expect(link.url).toMatch(/^https:\/\/api\.example\.test\/pay\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(24 * 3_600_000);
    const part = response.body.paymentTransactions.find((candidate: Body) => candidate.source === 'payment');
    expect(part).toMatchObject({ amount: 7200, payment: { status: 'requires_payment_method' } });
    expect((await getBooking(visit.id)).paid).toBe(false);
    const token = tokenOf(link.url);
    const [stored] = await sql<{ count: number }>(
      t,
      'select count(*)::int as count from payment_link_tokens where token_hash = ? or token_hash = ?',
      [token, link.url],
    );
    expect(stored.count).toBe(0);

    const seen = await view(token).expect(200);
    expect(seen.body).toEqual({
      amount: 7200,
      currency: 'AUD',
      organisationName: expect.stringContaining('Checkout Clinic'),
      organisationBrandImageUrl: null,
      clientFirstName: 'Alex',
      expiresAt: link.expiresAt,
      status: 'open',
      paidAt: null,
      payment: null,
      booking: {
        startsAt: visit.serviceDate,
        service: { name: physio.name },
        provider: { firstName: 'Priya', lastName: 'Raman' },
        location: { name: location.name, timeZone: 'Australia/Sydney' },
      },
      // With Stripe, the key the payer's page starts Stripe.js with; the test processor has none.
      stripePublishableKey: t.stripe ? expect.stringMatching(/^pk_test_\w+$/) : null,
    });
    const paid = await pay(token, { paymentMethodId: 'pm_card_mastercard' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      status: 'paid',
      paidAt: expect.stringMatching(ISO_INSTANT),
      payment: { status: 'succeeded', clientSecret: null },
      booking: seen.body.booking,
    });
    expect((await view(token).expect(200)).body.paidAt).toBe(paid.body.paidAt);
    expect((await getBooking(visit.id)).paid).toBe(true);
    expect(await eventsOf('payment.succeeded', (data) => data.id === part.id)).toEqual([
      expect.objectContaining({ payment: expect.objectContaining({ status: 'succeeded' }) }),
    ]);
    expectProblem(await pay(token, { paymentMethodId: 'pm_card_visa' }), 409, 'payment_link_paid');
    expect((await view(token).expect(200)).body.status).toBe('paid');
  });

  it('a booking whose link is open is not checked out again: 409 payment_link_open, nothing claimed or charged twice', async () => {
    const who = await patient();
    const visit = await booking(who);
    const sale = await created(
      checkOut(visit.id, {
        healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
        paymentLink: {},
      }),
    );
    const again = await checkOut(visit.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: who.visa.id },
    });
    expectProblem(again, 409, 'payment_link_open');
    expect(again.body.detail).toContain(linkOf(sale).expiresAt);
    expect(await storedMoney(visit.id)).toEqual({ transactions: 1, payments: 2, claims: 1, medicare: 0 });

    await pay(tokenOf(linkOf(sale).url), { paymentMethodId: 'pm_card_visa' }).expect(200);
    expect((await getBooking(visit.id)).paid).toBe(true);
    expectProblem(await checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } }), 409, 'booking_already_paid');
  });

  it('checks a booking out again once its unpaid link has expired', async () => {
    const who = await patient();
    const visit = await booking(who);
    const sale = await created(checkOut(visit.id, { paymentLink: {} }));
    await sql(t, "update payment_link_tokens set expires_at = now() - interval '1 second' where link_id = ?", [
      linkOf(sale).id,
    ]);
    expect((await checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } })).status).toBe(201);
    expect((await getBooking(visit.id)).paid).toBe(true);
  });

  it('after a link expired unpaid, its claim is not made again: 409 booking_already_claimed; the gap is checked out without one', async () => {
    const who = await patient();
    const visit = await booking(who);
    const sale = await created(
      checkOut(visit.id, {
        healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
        paymentLink: {},
      }),
    );
    await sql(t, "update payment_link_tokens set expires_at = now() - interval '1 second' where link_id = ?", [
      linkOf(sale).id,
    ]);
    const again = await checkOut(visit.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: who.visa.id },
    });
    expectProblem(again, 409, 'booking_already_claimed');
    expect(await storedMoney(visit.id)).toEqual({ transactions: 1, payments: 2, claims: 1, medicare: 0 });

    // The standing claim counts: the card pays only the gap it left.
    const gap = sale.paymentTransactions.find((part: Body) => part.source === 'payment').amount;
    const rest = await checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } });
    expect(rest.status).toBe(201);
    expect(rest.body.paymentTransactions).toEqual([expect.objectContaining({ source: 'payment', amount: gap })]);
    expect((await getBooking(visit.id)).paid).toBe(true);
  });

  it('nor is a Medicare claim made again while the first stands', async () => {
    const who = await patient();
    const visit = await booking(who, gp);
    const sale = await created(
      checkOut(visit.id, {
        medicareClaim: { type: 'patient_claim', patientMedicareCardId: who.medicare.id },
        paymentLink: {},
      }),
    );
    await sql(t, "update payment_link_tokens set expires_at = now() - interval '1 second' where link_id = ?", [
      linkOf(sale).id,
    ]);
    const again = await checkOut(visit.id, {
      medicareClaim: { type: 'patient_claim', patientMedicareCardId: who.medicare.id },
      payment: { paymentMethodId: who.visa.id },
    });
    expectProblem(again, 409, 'booking_already_claimed');
    expect(await storedMoney(visit.id)).toEqual({ transactions: 1, payments: 1, claims: 0, medicare: 1 });
  });

  it('the link of a booking cancelled since says so: status cancelled, its payment canceled, and paying it is 409 booking_cancelled', async () => {
    const who = await patient();
    const visit = await upcoming(who);
    const sale = await created(checkOut(visit.id, { paymentLink: {} }));
    const token = tokenOf(linkOf(sale).url);
    expect((await view(token).expect(200)).body.status).toBe('open');
    await postJson(t, orgPath(home.id, `/bookings/${visit.id}/cancel`), {}, home.auth).expect(200);
    expect((await view(token).expect(200)).body.status).toBe('cancelled');
    expectProblem(await pay(token, { paymentMethodId: 'pm_card_visa' }), 409, 'booking_cancelled');
    const waiting = sale.paymentTransactions.find((candidate: Body) => candidate.source === 'payment');
    expect(await eventsOf('payment.succeeded', (data) => data.id === waiting.id)).toEqual([]);
    expect((await getTransaction(sale.id)).paymentTransactions).toEqual([
      expect.objectContaining({ payment: expect.objectContaining({ status: 'canceled' }) }),
    ]);
    // Past its expiry it is still cancelled, and paying it still says why.
    await sql(t, "update payment_link_tokens set expires_at = now() - interval '1 second' where link_id = ?", [
      linkOf(sale).id,
    ]);
    expect((await view(token).expect(200)).body.status).toBe('cancelled');
    expectProblem(await pay(token, { paymentMethodId: 'pm_card_visa' }), 409, 'booking_cancelled');
  });

  it('a payer and a cancellation at once queue: the link is paid and the booking cancelled, or the link cancelled with its booking', async () => {
    const who = await patient();
    for (let round = 0; round < 4; round++) {
      const visit = await upcoming(who);
      const token = tokenOf(linkOf(await created(checkOut(visit.id, { paymentLink: {} }))).url);
      const [paid, cancelled] = await Promise.all([
        pay(token, { paymentMethodId: 'pm_card_visa' }),
        postJson(t, orgPath(home.id, `/bookings/${visit.id}/cancel`), {}, home.auth),
      ]);
      expect(cancelled.status).toBe(200);
      expect([`${paid.status}`, `${paid.status} ${paid.body.code}`]).toContain(
        paid.status === 200 ? '200' : '409 booking_cancelled',
      );
      expect((await view(token).expect(200)).body.status).toBe(paid.status === 200 ? 'paid' : 'cancelled');
    }
  });

  it('an expired link is 410 payment_link_expired; a declined card 402 and the link still open', async () => {
    const who = await patient();
    const sale = await created(checkOut((await booking(who)).id, { paymentLink: {} }));
    const link = linkOf(sale);
    expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(72 * 3_600_000);
    const token = tokenOf(link.url);
    expectProblem(await pay(token, { paymentMethodId: 'pm_card_chargeDeclined' }), 402, 'card_declined');
    expect((await view(token).expect(200)).body.status).toBe('open');
    const waiting = sale.paymentTransactions[0];
    // The payer's card is the processor's, not a wallet card: the failed payment names none.
    expect(
      await eventsOf(
        'payment.failed',
        (data) => data.amount === waiting.amount && data.payment.paymentMethodId === null,
      ),
    ).toEqual([expect.objectContaining({ source: 'payment', payment: expect.objectContaining({ status: 'failed' }) })]);
    await sql(t, "update payment_link_tokens set expires_at = now() - interval '1 second' where link_id = ?", [
      link.id,
    ]);
    expect((await view(token).expect(200)).body.status).toBe('expired');
    expectProblem(await pay(token, { paymentMethodId: 'pm_card_visa' }), 410, 'payment_link_expired');
  });

  it('a payer retrying with the same Idempotency-Key gets the first answer back and pays once', async () => {
    const who = await patient();
    const sale = await created(checkOut((await booking(who)).id, { paymentLink: {} }));
    const token = tokenOf(linkOf(sale).url);
    const retry = () =>
      t
        .http()
        .post(`/v1/payment-links/${token}/pay`)
        .set('Idempotency-Key', `pay-${token}`)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ paymentMethodId: 'pm_card_visa' }));
    const first = await retry();
    expect(first.status).toBe(200);
    const again = await retry();
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const waiting = sale.paymentTransactions.find((candidate: Body) => candidate.source === 'payment');
    expect(await eventsOf('payment.succeeded', (data) => data.id === waiting.id)).toHaveLength(1);
  });

  it('two payers of one link at once: one pays', async () => {
    const who = await patient();
    const token = tokenOf(linkOf(await created(checkOut((await booking(who)).id, { paymentLink: {} }))).url);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => pay(token, { confirmationTokenId: 'ctoken_card_visa' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('an unknown or malformed token is 404; a body without a card is 400', async () => {
    expectNotFound(await view('x'.repeat(43)));
    expectNotFound(await view('not a token'));
    expectNotFound(await pay('y'.repeat(43), { paymentMethodId: 'pm_card_visa' }));
    expectInvalid(await pay('y'.repeat(43), {}), 'paymentMethodId');
  });

  it('a link not yet paid is not refunded', async () => {
    const who = await patient();
    const sale = await created(checkOut((await booking(who)).id, { paymentLink: {} }));
    const part = sale.paymentTransactions.find((candidate: Body) => candidate.source === 'payment');
    expectProblem(
      await postJson(t, orgPath(home.id, `/payment-transactions/${part.id}/refunds`), { amount: 100 }, home.auth),
      409,
      'not_a_card_payment',
    );
  });
});

describe('POST …/bookings/{bookingId}/cancel with chargeCancellationFee', () => {
  const FEE = 4000;
  const cancel = (bookingId: string, body: Body) =>
    postJson(t, orgPath(home.id, `/bookings/${bookingId}/cancel`), body, home.auth);
  const transactionsOf = async (bookingId: string) =>
    (
      await t
        .http()
        .get(orgPath(home.id, `/transactions?bookingId=${bookingId}`))
        .set('Authorization', home.auth)
        .expect(200)
    ).body.items;
  let soon = 0;
  /** Within the no-fee window's end: two to three hours ahead, so a fee is billable now. */
  async function bookingSoon(who: Patient, paymentMethodId?: string): Promise<Body> {
    const serviceDate = new Date(
      Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 3_600_000 + soon++ * 60_000 * 61,
    ).toISOString();
    return created(
      postJson(
        t,
        orgPath(home.id, '/bookings'),
        {
          clientId: who.client.id,
          providerId: provider.id,
          locationId: location.id,
          appointmentTypeId: physio.id,
          serviceDate,
          ...(paymentMethodId ? { paymentMethodId } : {}),
        },
        home.auth,
      ),
    );
  }

  beforeAll(async () => {
    await t
      .http()
      .patch(`/v1/organisations/${home.id}/booking-settings`)
      .set('Authorization', home.auth)
      .set('Content-Type', 'application/json')
      .send(
        JSON.stringify({ cancellationFeeEnabled: true, cancellationFeeAmount: FEE, cancellationNoFeeBeforeHours: 24 }),
      )
      .expect(200);
  });

  it("charges a billable fee to the booking's card as its own transaction", async () => {
    const who = await patient();
    const visit = await bookingSoon(who, who.visa.id);
    const response = await cancel(visit.id, { chargeCancellationFee: true });
    expect(response.status).toBe(200);
    expect(response.body.cancelledAt).toEqual(expect.any(String));
    const [fee] = await transactionsOf(visit.id);
    expect(fee).toMatchObject({
      amount: FEE,
      bookingId: visit.id,
      paymentMethodId: who.visa.id,
      transactionItems: [expect.objectContaining({ description: 'Cancellation fee', chargeAmount: FEE })],
    });
    expect(fee.paymentTransactions).toEqual([
      expect.objectContaining({
        source: 'payment',
        amount: FEE,
        payment: expect.objectContaining({ status: 'succeeded' }),
      }),
    ]);
    expect(await eventsOf('transaction.created', (data) => data.id === fee.id)).toHaveLength(1);
    // A supply of its own: an invoice of one GST-free item, paid by the fee's charge, and its receipt's job.
    const { body } = await t
      .http()
      .get(orgPath(home.id, `/invoices?bookingId=${visit.id}`))
      .set('Authorization', home.auth)
      .expect(200);
    expect(body.items).toEqual([
      expect.objectContaining({
        transactionId: fee.id,
        status: 'paid',
        items: [expect.objectContaining({ description: 'Cancellation fee', amount: FEE, taxAmount: 0 })],
        amountDue: 0,
      }),
    ]);
    expect(await eventsOf('invoice.paid', (data) => data.id === body.items[0].id)).toHaveLength(1);
  });

  it('a cancellation that does not commit refunds the fee it charged; tried again, it charges once', async () => {
    const who = await patient();
    const visit = await bookingSoon(who, who.visa.id);
    const atProcessor = () => chargesDescribed(t, `Cancellation fee, booking ${visit.id}`);
    await whileEventsRefused(`new.type = 'booking.cancelled' and new.data->>'id' = '${visit.id}'`, async () => {
      expect((await cancel(visit.id, { chargeCancellationFee: true })).status).toBe(500);
    });
    expect(atProcessor()).toEqual([{ paymentId: expect.any(String), amount: FEE, refunded: FEE }]);
    expect((await getBooking(visit.id)).cancelledAt).toBeNull();
    expect(await transactionsOf(visit.id)).toEqual([]);

    expect((await cancel(visit.id, { chargeCancellationFee: true })).status).toBe(200);
    expect(atProcessor()).toEqual([
      expect.objectContaining({ refunded: FEE }),
      { paymentId: expect.any(String), amount: FEE, refunded: 0 },
    ]);
    expect(await transactionsOf(visit.id)).toHaveLength(1);
  });

  it('charges nothing when the booking is outside the fee window, or the fee is not asked for', async () => {
    const who = await patient();
    const far = await upcoming(who);
    expect((await cancel(far.id, { chargeCancellationFee: true })).status).toBe(200);
    const near = await bookingSoon(who, who.visa.id);
    expect((await cancel(near.id, {})).status).toBe(200);
    expect([...(await transactionsOf(far.id)), ...(await transactionsOf(near.id))]).toEqual([]);
  });

  it('no payment method: 409 no_payment_method; a declined card: 402; the booking stays confirmed either way', async () => {
    const who = await patient();
    const without = await bookingSoon(who);
    expectProblem(await cancel(without.id, { chargeCancellationFee: true }), 409, 'no_payment_method');
    expect((await getBooking(without.id)).cancelledAt).toBeNull();
    const declining = await bookingSoon(who, who.declining.id);
    expectProblem(await cancel(declining.id, { chargeCancellationFee: true }), 402, 'card_declined');
    expect((await getBooking(declining.id)).cancelledAt).toBeNull();
    expect(await transactionsOf(declining.id)).toEqual([]);
  });

  it('a paid booking is not charged the fee on top: 409 booking_already_paid and nothing changes; cancelled without the fee, it is', async () => {
    const who = await patient();
    const visit = await bookingSoon(who, who.visa.id);
    await created(checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } }));
    const refused = await cancel(visit.id, { chargeCancellationFee: true });
    expectProblem(refused, 409, 'booking_already_paid');
    expect(refused.body.detail).toMatch(/without chargeCancellationFee.*refund/);
    expect(chargesDescribed(t, `Cancellation fee, booking ${visit.id}`)).toEqual([]);
    expect((await getBooking(visit.id)).cancelledAt).toBeNull();
    expect(await transactionsOf(visit.id)).toHaveLength(1);
    expect(await eventsOf('booking.cancelled', (data) => data.id === visit.id)).toEqual([]);

    expect((await cancel(visit.id, {})).status).toBe(200);
    expect(chargesDescribed(t, `Cancellation fee, booking ${visit.id}`)).toEqual([]);
  });

  it('nor one that holds part of its price after a refund, nor a paid one outside the fee window', async () => {
    const who = await patient();
    const partPaid = await bookingSoon(who, who.visa.id);
    const sale = await created(checkOut(partPaid.id, { payment: { paymentMethodId: who.visa.id } }));
    await postJson(
      t,
      orgPath(home.id, `/payment-transactions/${sale.paymentTransactions[0].id}/refunds`),
      { amount: 5000 },
      home.auth,
    ).expect(201);
    expectProblem(await cancel(partPaid.id, { chargeCancellationFee: true }), 409, 'booking_already_paid');
    const far = await upcoming(who);
    await created(checkOut(far.id, { payment: { paymentMethodId: who.visa.id } }));
    expectProblem(await cancel(far.id, { chargeCancellationFee: true }), 409, 'booking_already_paid');
    for (const visit of [partPaid, far]) {
      expect((await getBooking(visit.id)).cancelledAt).toBeNull();
      expect(chargesDescribed(t, `Cancellation fee, booking ${visit.id}`)).toEqual([]);
    }
  });

  it('a chargeCancellationFee that is not a boolean is 400', async () => {
    const who = await patient();
    const visit = await booking(who);
    expectInvalid(await cancel(visit.id, { chargeCancellationFee: 'yes' }), 'chargeCancellationFee');
  });
});
