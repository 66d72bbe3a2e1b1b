import './support/on-stripe.js';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { HealthFundGateway, type TestHealthFundGateway } from '@app/payments-and-claims';
import { AppConfig } from '@app/shared';
import { createTestApp, type TestApp } from './support/test-app.js';
import type { FakeStripe } from './support/fake-stripe.js';
import {
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
  orgPath,
  postJson,
  RUN,
  sql,
  type Tenant,
} from './support/fixtures.js';
import { expectProblem } from './support/problems.js';
import { PAST_YEAR } from './support/future-year.js';

// Check-outs with PAYMENT_PROCESSOR=stripe, the SDK against the local fake Stripe: what Stripe is
// asked, what a bank that wants the cardholder leaves, and what Stripe failing leaves.

const BUPA = '0193a6f2-0001-7000-8000-000000000002';
const PROVIDER_NUMBER = '2429591L';

let t: TestApp;
let stripe: FakeStripe;
let home: Tenant;
let business: Body;
let location: Body;
let provider: Body;
let physio: Body;
/** Every log line of this file's app, at the most detailed level. */
const logLines: string[] = [];

beforeAll(async () => {
  const logDestination = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  t = await createTestApp({ JOBS_SCHEMA: `pgboss_${RUN}`, LOG_LEVEL: 'trace' }, { logDestination });
  stripe = t.stripe!;
  home = await createTenant(t, 'Stripe Checkout Clinic');
  business = await createBusiness(t, home.id);
  location = await createLocation(t, home.id, business.id);
  provider = await createProvider(t, home.id);
  await createLink(t, home.id, provider.id, location.id, { medicare: { providerNumber: PROVIDER_NUMBER } });
  physio = await createAppointmentType(t, home.id, {
    providers: [provider.id],
    locations: [location.id],
    price: 12000,
    billableItems: [
      { name: 'Initial physiotherapy consultation', basePrice: 9500, itemCode: '500' },
      { name: 'Exercise band', basePrice: 2500 },
    ],
  });
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => stripe.heal());

const cardsPath = (clientId: string) => orgPath(home.id, `/clients/${clientId}/wallet/cards`);
const checkOut = (bookingId: string, body: Body, idempotencyKey?: string) =>
  postJson(t, orgPath(home.id, `/bookings/${bookingId}/transactions`), body, home.auth, idempotencyKey);

interface Patient {
  client: Body;
  visa: Body;
  threeDSecure: Body;
  declining: Body;
  fund: Body;
}

async function patient(): Promise<Patient> {
  const client = await createClient(t, home.id);
  const card = (body: Body) => created(postJson(t, cardsPath(client.id), body, home.auth));
  const paymentMethod = (paymentMethodId: string) =>
    card({ type: 'payment_method', paymentMethod: { paymentMethodId } });
  return {
    client,
    visa: await paymentMethod('pm_card_visa'),
    threeDSecure: await paymentMethod('pm_card_authenticationRequired'),
    declining: await paymentMethod('pm_card_visa_chargeDeclined'),
    fund: await card({
      type: 'health_fund_card',
      healthFundCard: { healthFundId: BUPA, memberNumber: '40012345', defaultReferenceNumber: '01' },
    }),
  };
}

let nextSlot = 0;
/** A booking last year, an hour apart from every other this file makes: its service happened, so it may be claimed. */
async function booking(who: Patient, at = location): Promise<Body> {
  const serviceDate = new Date(Date.UTC(PAST_YEAR, 8, 1) + nextSlot++ * 3_600_000).toISOString();
  return created(
    postJson(
      t,
      orgPath(home.id, '/bookings'),
      {
        clientId: who.client.id,
        providerId: provider.id,
        locationId: at.id,
        appointmentTypeId: physio.id,
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

/** The PaymentIntents Stripe was asked to make for the booking's check-outs. */
const intentsOf = (bookingId: string) => stripe.chargesDescribed(`Booking ${bookingId}`);

async function storedMoney(bookingId: string) {
  const [row] = await sql<{ transactions: number; payments: number; claims: number }>(
    t,
    `select (select count(*)::int from transactions where booking_id = ?) as transactions,
            (select count(*)::int from payment_transactions pt join transactions tx on tx.id = pt.transaction_id where tx.booking_id = ?) as payments,
            (select count(*)::int from claims c join payment_transactions pt on pt.claim_id = c.id join transactions tx on tx.id = pt.transaction_id where tx.booking_id = ?) as claims`,
    [bookingId, bookingId, bookingId],
  );
  return row;
}

const eventsOf = async (type: string, id: string) =>
  (
    await sql<{ data: Body }>(t, "select data from events where organisation_id = ? and type = ? and data->>'id' = ?", [
      home.id,
      type,
      id,
    ])
  ).map((row) => row.data);

/**
 * Runs `work` while the database refuses (as unreachable) to record the check-out's
 * `transaction.created` event: a failure after the card was charged, answered 503.
 */
async function whileTheDatabaseFailsLate(work: () => Promise<void>): Promise<void> {
  const name = `unreachable_${RUN}`;
  await sql(
    t,
    `create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'gone' using errcode = '57P03'; end $$`,
  );
  await sql(
    t,
    `create trigger ${name} before insert on events for each row when (new.type = 'transaction.created' and new.organisation_id = '${home.id}') execute function ${name}()`,
  );
  try {
    await work();
  } finally {
    await sql(t, `drop trigger ${name} on events`);
    await sql(t, `drop function ${name}()`);
  }
}

describe('a check-out charged on Stripe', () => {
  it("is a destination charge to the business's connected account, confirmed off session at once, the platform fee its application fee", async () => {
    const who = await patient();
    const visit = await booking(who);
    const response = await checkOut(visit.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: who.visa.id },
    });
    expect(response.status).toBe(201);
    const card = response.body.paymentTransactions.find((part: Body) => part.source === 'payment');
    expect(card).toMatchObject({ amount: 7200, payment: { status: 'succeeded', clientSecret: null, amount: 7200 } });
    const [intent] = stripe
      .callsTo('POST', '/v1/payment_intents')
      .filter((call) => call.params.description === `Booking ${visit.id}`);
    const [stored] = await sql<{ details: Body }>(t, 'select details from wallet_cards where id = ?', [who.visa.id]);
    expect(intent.params).toMatchObject({
      amount: '7200',
      currency: 'aud',
      confirm: 'true',
      off_session: 'true',
      customer: stored.details.customerId,
      payment_method: stored.details.processorPaymentMethodId,
      transfer_data: { destination: business.merchantId },
      application_fee_amount: String(Math.round(7200 * 0.015)),
      metadata: { organisationId: home.id, bookingId: visit.id },
    });
    expect(intent.idempotencyKey).toMatch(/:check-out-charge$/);
    expect(card.payment.id).toBe(intentsOf(visit.id)[0].paymentId);
    const [fee] = await sql<{ platform_fee_amount: number }>(
      t,
      'select platform_fee_amount from payment_transactions where id = ?',
      [card.id],
    );
    expect(fee.platform_fee_amount).toBe(108);
    expect((await getBooking(visit.id)).paid).toBe(true);
  });

  it("refunds through Stripe from the connected account, keyed by the refund's own request and naming its adjustment", async () => {
    const who = await patient();
    const visit = await booking(who);
    const sale = await created(checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } }));
    const part = sale.paymentTransactions[0];
    const refunded = await postJson(
      t,
      orgPath(home.id, `/payment-transactions/${part.id}/refunds`),
      { amount: 2500 },
      home.auth,
      `refund-${visit.id}`,
    );
    expect(refunded.status).toBe(201);
    const calls = stripe
      .callsTo('POST', '/v1/refunds')
      .filter((call) => call.params.payment_intent === part.payment.id);
    expect(calls.map((call) => call.params)).toEqual([
      {
        payment_intent: part.payment.id,
        amount: '2500',
        reverse_transfer: 'true',
        metadata: { adjustmentId: (refunded.body as { id: string }).id },
      },
    ]);
    expect(calls[0].idempotencyKey).toMatch(/^req_\w+:refund$/);
    expect(intentsOf(visit.id)).toEqual([expect.objectContaining({ amount: 12000, refunded: 2500 })]);
  });

  it('a declined card is 402 card_declined with payment.failed, and the claim approved first is reversed', async () => {
    const who = await patient();
    const visit = await booking(who);
    const fund = t.app.get<TestHealthFundGateway>(HealthFundGateway);
    const before = fund.claimsOf('40012345').length;
    const response = await checkOut(visit.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: who.declining.id },
    });
    expectProblem(response, 402, 'card_declined');
    expect(fund.claimsOf('40012345').slice(before)).toEqual([expect.objectContaining({ reversed: true })]);
    expect(await storedMoney(visit.id)).toEqual({ transactions: 0, payments: 0, claims: 0 });
    const [failed] = await sql<{ count: number }>(
      t,
      "select count(*)::int as count from events where organisation_id = ? and type = 'payment.failed' and data->'payment'->>'paymentMethodId' = ?",
      [home.id, who.declining.id],
    );
    expect(failed.count).toBe(1);
  });

  it('a business with no connected account is 409 business_not_connected, before any claim is made', async () => {
    const unconnected = await createBusiness(t, home.id, { merchantId: undefined });
    const elsewhere = await createLocation(t, home.id, unconnected.id);
    await createLink(t, home.id, provider.id, elsewhere.id, { medicare: { providerNumber: PROVIDER_NUMBER } });
    await t
      .http()
      .patch(orgPath(home.id, `/appointment-types/${physio.id}`))
      .set('Authorization', home.auth)
      .send({ locations: [location.id, elsewhere.id] });
    const who = await patient();
    const visit = await booking(who, elsewhere);
    const fund = t.app.get<TestHealthFundGateway>(HealthFundGateway);
    const before = fund.claimsOf('40012345').length;
    const response = await checkOut(visit.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: who.visa.id },
    });
    expectProblem(response, 409, 'business_not_connected');
    expect(response.body.businessId).toBe(unconnected.id);
    expect(fund.claimsOf('40012345').length).toBe(before);
    expect(intentsOf(visit.id)).toEqual([]);
    // Claims alone need no card processor.
    expect(
      (
        await checkOut(visit.id, {
          healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
          paymentLink: {},
        })
      ).status,
    ).toBe(201);
  });
});

describe('a card whose bank asks for the cardholder (3-D Secure)', () => {
  it('leaves the payment requires_action with its clientSecret and the booking unpaid; the check-out and its claim stand', async () => {
    const who = await patient();
    const visit = await booking(who);
    const response = await checkOut(visit.id, {
      healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: who.threeDSecure.id },
    });
    expect(response.status).toBe(201);
    const card = response.body.paymentTransactions.find((part: Body) => part.source === 'payment');
    const [intent] = intentsOf(visit.id);
    expect(card.payment).toEqual({
      id: intent.paymentId,
      currency: 'AUD',
      status: 'requires_action',
      paymentMethodId: who.threeDSecure.id,
      clientSecret: stripe.intents.get(intent.paymentId)!.client_secret,
      amount: 7200,
    });
    expect(card.payment.clientSecret).toMatch(/^pi_\w+_secret_/);
    expect(response.body.paymentTransactions.find((part: Body) => part.source === 'health_fund_claim')).toMatchObject({
      amount: 4800,
    });

    expect((await getBooking(visit.id)).paid).toBe(false);
    expect(await eventsOf('payment.succeeded', card.id)).toEqual([]);
    expect(await eventsOf('booking.paid', visit.id)).toEqual([]);
    const [invoice] = (
      await t
        .http()
        .get(orgPath(home.id, `/invoices?bookingId=${visit.id}`))
        .set('Authorization', home.auth)
        .expect(200)
    ).body.items;
    expect(invoice).toMatchObject({ status: 'open', total: 12000, amountPaid: 4800, amountDue: 7200 });
    expect(invoice.payments.map((payment: Body) => payment.source)).toEqual(['health_fund_claim']);
  });

  it('is in no payout, and the claim beside it makes none: the fund pays its benefit itself', async () => {
    const shop = await createBusiness(t, home.id);
    const place = await createLocation(t, home.id, shop.id);
    await createLink(t, home.id, provider.id, place.id, { medicare: { providerNumber: PROVIDER_NUMBER } });
    await t
      .http()
      .patch(orgPath(home.id, `/appointment-types/${physio.id}`))
      .set('Authorization', home.auth)
      .send({ locations: [location.id, place.id] });
    const who = await patient();
    const visit = await booking(who, place);
    await created(
      checkOut(visit.id, {
        healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
        payment: { paymentMethodId: who.threeDSecure.id },
      }),
    );
    const answer = await postJson(t, `/v1/businesses/${shop.id}/payouts`, {}, t.platformAuth);
    expectProblem(answer, 409, 'nothing_to_pay_out');
    const rows = await sql<{ source: string; payout_id: string | null }>(
      t,
      'select source, payout_id from payment_transactions where business_id = ? order by source',
      [shop.id],
    );
    expect(rows).toEqual([
      { source: 'health_fund_claim', payout_id: null },
      { source: 'payment', payout_id: null },
    ]);
  });

  it('while it waits, the booking is not checked out again: 409 payment_requires_action', async () => {
    const who = await patient();
    const visit = await booking(who);
    await created(checkOut(visit.id, { payment: { paymentMethodId: who.threeDSecure.id } }));
    const again = await checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } });
    expectProblem(again, 409, 'payment_requires_action');
    expect(intentsOf(visit.id)).toHaveLength(1);
  });

  it('is not refunded while nothing of it was captured: 409 payment_requires_action, Stripe asked nothing', async () => {
    const who = await patient();
    const visit = await booking(who);
    const part = (await created(checkOut(visit.id, { payment: { paymentMethodId: who.threeDSecure.id } })))
      .paymentTransactions[0];
    expectProblem(
      await postJson(t, orgPath(home.id, `/payment-transactions/${part.id}/refunds`), { amount: 100 }, home.auth),
      409,
      'payment_requires_action',
    );
    expect(
      stripe.callsTo('POST', '/v1/refunds').filter((call) => call.params.payment_intent === part.payment.id),
    ).toEqual([]);
  });

  it('is found by its PaymentIntent id, for the processor to settle it', async () => {
    const who = await patient();
    const visit = await booking(who);
    const sale = await created(checkOut(visit.id, { payment: { paymentMethodId: who.threeDSecure.id } }));
    const [row] = await sql<{ id: string }>(
      t,
      "select id from payment_transactions where source = 'payment' and payment->>'id' = ?",
      [sale.paymentTransactions[0].payment.id],
    );
    expect(row.id).toBe(sale.paymentTransactions[0].id);
    const [plan] = await sql<{ 'QUERY PLAN': string }>(
      t,
      "explain select id from payment_transactions where source = 'payment' and payment->>'id' = 'pi_x'",
    );
    expect(plan['QUERY PLAN']).toMatch(/Index Scan using payment_transactions_processor_payment_unique/);
  });
});

describe('Stripe failing mid check-out', () => {
  it.each([
    ['500 on each try', 500, 2],
    ['429', 429, 1],
  ] as const)(
    'after a claim was approved (Stripe answers %s): 503 with Retry-After, the claim reversed, nothing charged or kept',
    async (_name, status, count) => {
      const who = await patient();
      const visit = await booking(who);
      const fund = t.app.get<TestHealthFundGateway>(HealthFundGateway);
      const before = fund.claimsOf('40012345').length;
      stripe.failNext(count, status);
      const response = await checkOut(visit.id, {
        healthFundClaim: { healthFundCardId: who.fund.id, terminalId: CLAIMING_TERMINAL },
        payment: { paymentMethodId: who.visa.id },
      });
      expectProblem(response, 503, 'payment_processor_unavailable');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(fund.claimsOf('40012345').slice(before)).toEqual([expect.objectContaining({ reversed: true })]);
      expect(await storedMoney(visit.id)).toEqual({ transactions: 0, payments: 0, claims: 0 });
      expect(intentsOf(visit.id)).toEqual([]);
      expect((await getBooking(visit.id)).paid).toBe(false);
    },
  );

  it('after the charge succeeded and a later step failed: 503 with Retry-After, the charge refunded whole (fee too), nothing kept', async () => {
    const who = await patient();
    const visit = await booking(who);
    await whileTheDatabaseFailsLate(async () => {
      const response = await checkOut(visit.id, { payment: { paymentMethodId: who.visa.id } });
      expectProblem(response, 503, 'service_unavailable');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    });
    const [intent] = intentsOf(visit.id);
    expect(intent).toMatchObject({ amount: 12000, refunded: 12000 });
    expect(
      stripe.callsTo('POST', '/v1/refunds').find((call) => call.params.payment_intent === intent.paymentId)?.params,
    ).toEqual({
      payment_intent: intent.paymentId,
      reverse_transfer: 'true',
      refund_application_fee: 'true',
    });
    expect(await storedMoney(visit.id)).toEqual({ transactions: 0, payments: 0, claims: 0 });
    expect((await getBooking(visit.id)).paid).toBe(false);
  });
});

describe('a check-out retried with the same Idempotency-Key', () => {
  it('charges once: the retry replays the answer', async () => {
    const who = await patient();
    const visit = await booking(who);
    const body = { payment: { paymentMethodId: who.visa.id } };
    const first = await checkOut(visit.id, body, `checkout-${visit.id}`);
    const again = await checkOut(visit.id, body, `checkout-${visit.id}`);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(intentsOf(visit.id)).toHaveLength(1);
  });

  it('asks Stripe with the key the first attempt used, and after that attempt was refunded charges anew, once', async () => {
    const who = await patient();
    const visit = await booking(who);
    const body = { payment: { paymentMethodId: who.visa.id } };
    await whileTheDatabaseFailsLate(async () => {
      expect((await checkOut(visit.id, body, `retried-${visit.id}`)).status).toBe(503);
    });
    const retried = await checkOut(visit.id, body, `retried-${visit.id}`);
    expect(retried.status).toBe(201);
    const creates = stripe
      .callsTo('POST', '/v1/payment_intents')
      .filter((call) => call.params.description === `Booking ${visit.id}`);
    const [key] = creates.map((call) => call.idempotencyKey);
    // Derived from the request's Idempotency-Key, so the retry asks with the first attempt's key;
    // Stripe answers the refunded intent, so the operation's next attempt key charges anew.
    expect(key).toMatch(/^req_\w+:check-out-charge$/);
    expect(creates.map((call) => call.idempotencyKey)).toEqual([key, key, `${key}:attempt-2`]);
    const intents = intentsOf(visit.id);
    expect(intents.map((intent) => [intent.amount, intent.refunded])).toEqual([
      [12000, 12000],
      [12000, 0],
    ]);
    expect(retried.body.paymentTransactions[0].payment.id).toBe(intents[1].paymentId);
    expect((await getBooking(visit.id)).paid).toBe(true);
    const replayed = await checkOut(visit.id, body, `retried-${visit.id}`);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(intentsOf(visit.id)).toHaveLength(2);
  });
});

describe('secrets', () => {
  it("never writes Stripe's keys, nor a payment's client secret, to a log line", async () => {
    const who = await patient();
    const waiting = await created(
      checkOut((await booking(who)).id, { payment: { paymentMethodId: who.threeDSecure.id } }),
    );
    stripe.failNext(1, 429);
    expect((await checkOut((await booking(who)).id, { payment: { paymentMethodId: who.visa.id } })).status).toBe(503);
    const logged = logLines.join('');
    // The requests above, and every check-out of this file, were logged.
    expect(logged).toContain('/transactions');
    const config = t.app.get(AppConfig);
    for (const secret of [
      config.stripeSecretKey!,
      config.stripeWebhookSecret!,
      waiting.paymentTransactions[0].payment.clientSecret,
    ]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(logged).not.toContain(secret);
    }
  });
});
