import './support/on-stripe.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { AppConfig } from '@app/shared';
import { PayoutJobs } from '@app/payments-and-claims';
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
  sql,
  type Tenant,
} from './support/fixtures.js';
import { PAST_YEAR } from './support/future-year.js';
import { expectProblem } from './support/problems.js';

// Payouts with PAYMENT_PROCESSOR=stripe (PAYOUT_BANK follows it): a Stripe payout on the business's
// connected account, kept by its po_ id, whose outcome Stripe reports.

const BUPA = '0193a6f2-0001-7000-8000-000000000002';

let t: TestApp;
let stripe: FakeStripe;
let home: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  stripe = t.stripe!;
  home = await createTenant(t, 'Stripe Payout Clinic');
});

afterAll(async () => {
  await t?.close();
});

let nextSlot = 0;
/**
 * A business of its own (a payout takes everything of its business) with one checked-out booking,
 * of last year: its service happened, so the check-out may claim it.
 */
async function soldAt(business: Body, payment: (cards: { visa: Body; fund: Body }) => Body): Promise<Body> {
  const location = await createLocation(t, home.id, business.id);
  const provider = await createProvider(t, home.id);
  await createLink(t, home.id, provider.id, location.id, { medicare: { providerNumber: '2429591L' } });
  const type = await createAppointmentType(t, home.id, {
    providers: [provider.id],
    locations: [location.id],
    price: 12000,
    billableItems: [{ name: 'Initial physiotherapy consultation', basePrice: 12000, itemCode: '500' }],
  });
  const client = await createClient(t, home.id);
  const cardsPath = orgPath(home.id, `/clients/${client.id}/wallet/cards`);
  const visa = await created(
    postJson(t, cardsPath, { type: 'payment_method', paymentMethod: { paymentMethodId: 'pm_card_visa' } }, home.auth),
  );
  const fund = await created(
    postJson(
      t,
      cardsPath,
      {
        type: 'health_fund_card',
        healthFundCard: { healthFundId: BUPA, memberNumber: '40012345', defaultReferenceNumber: '01' },
      },
      home.auth,
    ),
  );
  const serviceDate = new Date(Date.UTC(PAST_YEAR, 9, 1) + nextSlot++ * 3_600_000).toISOString();
  const booking = await created(
    postJson(
      t,
      orgPath(home.id, '/bookings'),
      {
        clientId: client.id,
        providerId: provider.id,
        locationId: location.id,
        appointmentTypeId: type.id,
        serviceDate,
      },
      home.auth,
    ),
  );
  return created(
    postJson(t, orgPath(home.id, `/bookings/${booking.id}/transactions`), payment({ visa, fund }), home.auth),
  );
}

const payOut = (businessId: string) => created(postJson(t, `/v1/businesses/${businessId}/payouts`, {}, t.platformAuth));

async function statusOf(businessId: string, payoutId: string, wanted: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { body } = await t
      .http()
      .get(`/v1/businesses/${businessId}/payouts/${payoutId}`)
      .set('Authorization', t.platformAuth)
      .expect(200);
    if (body.status === wanted || Date.now() > deadline) return body.status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const bankPayoutIdOf = async (payoutId: string) =>
  (await sql<{ bank_payout_id: string | null }>(t, 'select bank_payout_id from payouts where id = ?', [payoutId]))[0]
    .bank_payout_id;

const waitingOf = async (businessId: string) =>
  (
    await sql<{ payout_id: string | null }>(t, 'select payout_id from payment_transactions where business_id = ?', [
      businessId,
    ])
  ).map((row) => row.payout_id);

const eventTypesOf = async (payoutId: string) =>
  (await sql<{ type: string }>(t, "select type from events where data->>'id' = ? order by seq", [payoutId])).map(
    (event) => event.type,
  );

describe('a payout on Stripe', () => {
  it('is a Stripe payout on the connected account, keyed by the payout, kept by its po_ id, and paid when Stripe says so', async () => {
    const business = await createBusiness(t, home.id);
    await soldAt(business, ({ visa }) => ({ payment: { paymentMethodId: visa.id } }));
    const payout = await payOut(business.id);
    expect(payout).toMatchObject({ amount: 12000 - 180, transactionCount: 1 });
    expect(await statusOf(business.id, payout.id, 'paid')).toBe('paid');

    const [call] = stripe
      .callsTo('POST', '/v1/payouts')
      .filter((candidate) => candidate.account === business.merchantId);
    expect(call).toMatchObject({
      idempotencyKey: `payout_${payout.id}`,
      params: { amount: String(12000 - 180), currency: 'aud', metadata: { payoutId: payout.id } },
    });
    const bankPayoutId = await bankPayoutIdOf(payout.id);
    expect(bankPayoutId).toMatch(/^po_/);
    expect(stripe.payouts.get(bankPayoutId!)).toMatchObject({ account: business.merchantId, status: 'paid' });
    expect(await eventTypesOf(payout.id)).toEqual(['payout.created', 'payout.paid']);
    // The po_ id is Stripe's business: the payout's answer is as before.
    expect(
      Object.keys(
        (await t.http().get(`/v1/businesses/${business.id}/payouts/${payout.id}`).set('Authorization', t.platformAuth))
          .body,
      ),
    ).not.toContain('bankPayoutId');
  });

  it("moves on by Stripe's report of its po_ id (payout.failed): its payment transactions wait for the next run; reported again, nothing more", async () => {
    const business = await createBusiness(t, home.id);
    await soldAt(business, ({ visa }) => ({ payment: { paymentMethodId: visa.id } }));
    const payout = await payOut(business.id);
    expect(await statusOf(business.id, payout.id, 'paid')).toBe('paid');
    const bankPayoutId = (await bankPayoutIdOf(payout.id))!;
    // As if Stripe's webhook came before the settle job asked.
    await sql(t, "update payouts set status = 'in_transit' where id = ?", [payout.id]);
    const report = async (type: string, id: string) => {
      const payload = JSON.stringify({
        id: `evt_${randomUUID()}`,
        object: 'event',
        type,
        account: business.merchantId,
        data: { object: { id, object: 'payout' } },
      });
      const secret = t.app.get(AppConfig).stripeWebhookSecret!;
      const answer = await t
        .http()
        .post('/v1/stripe/webhooks')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret }))
        .send(payload)
        .expect(200);
      return answer.body.outcome as string;
    };
    expect(await report('payout.failed', bankPayoutId)).toBe('applied');
    expect(await report('payout.failed', bankPayoutId)).toBe('unchanged');
    expect(await report('payout.paid', 'po_nobody')).toBe('unknown');
    expect(await statusOf(business.id, payout.id, 'failed')).toBe('failed');
    expect(await waitingOf(business.id)).toEqual([null]);
    expect(await eventTypesOf(payout.id)).toEqual(['payout.created', 'payout.paid', 'payout.failed']);
  });

  it("is Stripe's on the account it was sent from: another account's report changes nothing, payout.canceled fails it, and it is asked about there after the business moves", async () => {
    const business = await createBusiness(t, home.id);
    await soldAt(business, ({ visa }) => ({ payment: { paymentMethodId: visa.id } }));
    const payout = await payOut(business.id);
    expect(await statusOf(business.id, payout.id, 'paid')).toBe('paid');
    const bankPayoutId = (await bankPayoutIdOf(payout.id))!;
    const secret = t.app.get(AppConfig).stripeWebhookSecret!;
    const report = async (type: string, account: string) => {
      const payload = JSON.stringify({
        id: `evt_${randomUUID()}`,
        object: 'event',
        type,
        account,
        data: { object: { id: bankPayoutId, object: 'payout' } },
      });
      const answer = await t
        .http()
        .post('/v1/stripe/webhooks')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret }))
        .send(payload)
        .expect(200);
      return answer.body.outcome as string;
    };
    // Connected to another account since: the payout's account still speaks for it, and is asked.
    await sql(t, "update payouts set status = 'in_transit' where id = ?", [payout.id]);
    await sql(t, 'update businesses set merchant_id = ? where id = ?', [
      `acct_${randomUUID().slice(0, 8)}`,
      business.id,
    ]);
    expect(await report('payout.failed', 'acct_someoneelse')).toBe('unknown');
    await t.app.get(PayoutJobs).settle(payout.id);
    expect(await statusOf(business.id, payout.id, 'paid')).toBe('paid');
    await sql(t, "update payouts set status = 'in_transit' where id = ?", [payout.id]);
    expect(await report('payout.canceled', business.merchantId)).toBe('applied');
    expect(await statusOf(business.id, payout.id, 'failed')).toBe('failed');
    expect(await waitingOf(business.id)).toEqual([null]);
  });

  it("from an account disconnected from the platform fails at once on Stripe's 403, not retried for ever; its money waits", async () => {
    const business = await createBusiness(t, home.id);
    await soldAt(business, ({ visa }) => ({ payment: { paymentMethodId: visa.id } }));
    stripe.disconnect(business.merchantId);
    const payout = await payOut(business.id);
    expect(await statusOf(business.id, payout.id, 'failed')).toBe('failed');
    expect(await bankPayoutIdOf(payout.id)).toBeNull();
    expect(await waitingOf(business.id)).toEqual([null]);
  });

  it('bounced at the bank, it fails, and its money waits for the next run', async () => {
    const business = await createBusiness(t, home.id);
    await soldAt(business, ({ visa }) => ({ payment: { paymentMethodId: visa.id } }));
    stripe.failPayoutsTo(business.merchantId);
    const payout = await payOut(business.id);
    expect(await statusOf(business.id, payout.id, 'failed')).toBe('failed');
    expect(await eventTypesOf(payout.id)).toEqual(['payout.created', 'payout.failed']);
    expect(await waitingOf(business.id)).toEqual([null]);
  });

  it('for a business with no connected account is failed at once, asking Stripe nothing; its money waits', async () => {
    const business = await createBusiness(t, home.id);
    await soldAt(business, ({ visa }) => ({ payment: { paymentMethodId: visa.id } }));
    // Its account disconnected after the sale.
    await sql(t, 'update businesses set merchant_id = null where id = ?', [business.id]);
    const payout = await payOut(business.id);
    expect(await statusOf(business.id, payout.id, 'failed')).toBe('failed');
    expect(stripe.calls.filter((call) => call.params.metadata?.payoutId === payout.id)).toEqual([]);
    expect(await bankPayoutIdOf(payout.id)).toBeNull();
    expect(await waitingOf(business.id)).toEqual([null]);
  });

  it('pays only card money: a fund benefit Stripe never held is listed and not asked for, and a claim alone makes no payout', async () => {
    const business = await createBusiness(t, home.id);
    await soldAt(business, ({ fund }) => ({
      healthFundClaim: { healthFundCardId: fund.id, terminalId: CLAIMING_TERMINAL },
      paymentLink: {},
    }));
    // The claim's benefit is the fund's to pay, and the link is not paid yet: nothing to pay out.
    expectProblem(
      await postJson(t, `/v1/businesses/${business.id}/payouts`, {}, t.platformAuth),
      409,
      'nothing_to_pay_out',
    );
    expect(await waitingOf(business.id)).toEqual([null, null]);

    await soldAt(business, ({ visa, fund }) => ({
      healthFundClaim: { healthFundCardId: fund.id, terminalId: CLAIMING_TERMINAL },
      payment: { paymentMethodId: visa.id },
    }));
    const payout = await payOut(business.id);
    // The gap by card: 12000 less the fund's 4800, less the platform's fee; the two claims listed at nothing.
    expect(payout).toMatchObject({ amount: 7200 - 108, transactionCount: 3 });
    expect(await statusOf(business.id, payout.id, 'paid')).toBe('paid');
    const asked = stripe.calls.filter((call) => call.params.metadata?.payoutId === payout.id);
    expect(asked.map((call) => Number(call.params.amount))).toEqual([7200 - 108]);
  });
});
