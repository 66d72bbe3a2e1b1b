import './support/on-stripe.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/test-app.js';
import type { FakeStripe } from './support/fake-stripe.js';
import { type Body, createBookableClinic, created, orgPath, postJson, sql } from './support/fixtures.js';
import { expectProblem } from './support/problems.js';

// Payment links paid on the public pay route with PAYMENT_PROCESSOR=stripe: the payer is there, so
// the PaymentIntent is confirmed on session; a bank that asks for them leaves the link to be paid
// when Stripe reports the payment succeeded.

let t: TestApp;
let stripe: FakeStripe;
let clinic: Awaited<ReturnType<typeof createBookableClinic>>;
let business: { id: string; merchant_id: string };

beforeAll(async () => {
  t = await createTestApp();
  stripe = t.stripe!;
  clinic = await createBookableClinic(t, 'Stripe Link Clinic');
  [business] = await sql<{ id: string; merchant_id: string }>(
    t,
    'select b.id, b.merchant_id from businesses b join locations l on l.business_id = b.id where l.id = ?',
    [clinic.location.id],
  );
});

afterAll(async () => {
  await t?.close();
});

let nextSlot = 0;
/** A booking checked out with a payment link: its token and payment transaction. */
async function openLink(): Promise<{ token: string; part: Body; bookingId: string }> {
  const serviceDate = new Date(Date.UTC(2027, 10, 1) + nextSlot++ * 3_600_000).toISOString();
  const booking = await created(
    postJson(t, orgPath(clinic.id, '/bookings'), {
      clientId: clinic.client.id,
      providerId: clinic.provider.id,
      locationId: clinic.location.id,
      appointmentTypeId: clinic.type.id,
      serviceDate,
    }),
  );
  const sale = await created(
    postJson(t, orgPath(clinic.id, `/bookings/${booking.id}/transactions`), { paymentLink: {} }),
  );
  const part = sale.paymentTransactions[0];
  return { token: part.paymentLinks[0].url.split('/pay/')[1], part, bookingId: booking.id };
}

const view = (token: string) => t.http().get(`/v1/payment-links/${token}`).expect(200);
const pay = (token: string, body: Body) =>
  t.http().post(`/v1/payment-links/${token}/pay`).set('Content-Type', 'application/json').send(JSON.stringify(body));
const paid = async (bookingId: string) =>
  (
    await t
      .http()
      .get(orgPath(clinic.id, `/bookings/${bookingId}`))
      .set('Authorization', t.platformAuth)
      .expect(200)
  ).body.paid;

describe('a payment link paid on Stripe', () => {
  it("is an on-session destination charge of the payer's card, the platform fee its application fee; the link and booking paid", async () => {
    const { token, part, bookingId } = await openLink();
    const answer = await pay(token, { confirmationTokenId: 'ctoken_card_mastercard' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'paid', payment: { status: 'succeeded', clientSecret: null } });
    const [call] = stripe
      .callsTo('POST', '/v1/payment_intents')
      .filter((candidate) => candidate.params.metadata?.paymentLinkId === part.paymentLinks[0].id);
    expect(call.params).toMatchObject({
      amount: String(part.amount),
      confirmation_token: 'ctoken_card_mastercard',
      confirm: 'true',
      transfer_data: { destination: business.merchant_id },
      application_fee_amount: String(Math.round(part.amount * 0.015)),
    });
    expect(call.params).not.toHaveProperty('off_session');
    expect(await paid(bookingId)).toBe(true);
  });

  it('waits for the payer when their bank asks for them (3-D Secure): requires_action with its clientSecret, the link and booking not paid', async () => {
    const { token, part, bookingId } = await openLink();
    const answer = await pay(token, { paymentMethodId: 'pm_card_authenticationRequired' });
    expect(answer.status).toBe(200);
    const intent = [...stripe.intents.values()].find(
      (candidate) => candidate.metadata.paymentLinkId === part.paymentLinks[0].id,
    )!;
    expect(intent).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    expect(answer.body).toMatchObject({
      status: 'open',
      paidAt: null,
      payment: { status: 'requires_action', clientSecret: intent.client_secret },
    });
    expect((await view(token)).body.payment).toEqual({ status: 'requires_action', clientSecret: intent.client_secret });
    expect(await paid(bookingId)).toBe(false);
    const [stored] = await sql<{ payment: Body }>(t, 'select payment from payment_transactions where id = ?', [
      part.id,
    ]);
    expect(stored.payment).toMatchObject({ id: intent.id, status: 'requires_action' });

    // Paying it again meanwhile could take the money twice.
    expectProblem(await pay(token, { paymentMethodId: 'pm_card_visa' }), 409, 'payment_requires_action');
    expect(
      [...stripe.intents.values()].filter((candidate) => candidate.metadata.paymentLinkId === part.paymentLinks[0].id),
    ).toHaveLength(1);
  });

  it('a declined card is 402 card_declined and the link stays open; Stripe unreachable is 503 and nothing is kept', async () => {
    const { token, part } = await openLink();
    expectProblem(await pay(token, { paymentMethodId: 'pm_card_chargeDeclined' }), 402, 'card_declined');
    stripe.failNext(1, 429);
    const unavailable = await pay(token, { paymentMethodId: 'pm_card_visa' });
    expectProblem(unavailable, 503, 'payment_processor_unavailable');
    expect(Number(unavailable.headers['retry-after'])).toBeGreaterThan(0);
    expect((await view(token)).body).toMatchObject({ status: 'open', payment: null });
    const [stored] = await sql<{ payment: Body }>(t, 'select payment from payment_transactions where id = ?', [
      part.id,
    ]);
    expect(stored.payment.status).toBe('requires_payment_method');
    expect((await pay(token, { paymentMethodId: 'pm_card_visa' })).body.status).toBe('paid');
  });
});
