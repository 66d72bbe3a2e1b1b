import './support/on-stripe.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/test-app.js';
import type { FakeStripe } from './support/fake-stripe.js';
import {
  type Body,
  createClient,
  createTenant,
  orgPath,
  postJson,
  sql,
  type Tenant,
  UUID,
} from './support/fixtures.js';
import { expectInvalid, expectProblem } from './support/problems.js';

// Wallet payment methods with PAYMENT_PROCESSOR=stripe: cards are attached to the client's Stripe
// Customer (made on first use), and what the wallet shows of them is Stripe's.

let t: TestApp;
let stripe: FakeStripe;
let home: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  stripe = t.stripe!;
  home = await createTenant(t, 'Stripe Wallet Clinic');
});

afterAll(async () => {
  await t?.close();
});

const addCard = (clientId: string, paymentMethod: Body, idempotencyKey?: string) =>
  postJson(
    t,
    orgPath(home.id, `/clients/${clientId}/wallet/cards`),
    { type: 'payment_method', paymentMethod },
    home.auth,
    idempotencyKey,
  );

const storedDetails = async (cardId: string) =>
  (
    await sql<{ details: { customerId: string; processorPaymentMethodId: string }; fingerprint: string }>(
      t,
      'select details, fingerprint from wallet_cards where id = ?',
      [cardId],
    )
  )[0];

describe('a wallet card on Stripe', () => {
  it("is attached to the client's Customer, made on first use and used for the client's next cards; brand and last4 are Stripe's", async () => {
    const client = await createClient(t, home.id);
    const first = await addCard(client.id, { paymentMethodId: 'pm_card_mastercard' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.stringMatching(UUID),
      brand: 'mastercard',
      last4: '4444',
      customerId: expect.stringMatching(/^cus_/),
    });
    const customer = stripe.customers.get(first.body.customerId)!;
    expect(customer.metadata).toEqual({ organisationId: home.id, clientId: client.id });

    const second = await addCard(client.id, { paymentMethodId: 'pm_card_amex' });
    expect(second.body).toMatchObject({ brand: 'amex', last4: '8431', customerId: first.body.customerId });
    expect([...stripe.customers.values()].filter((made) => made.metadata.clientId === client.id)).toHaveLength(1);

    // The stored card is Stripe's PaymentMethod, attached to that Customer.
    const stored = await storedDetails(second.body.id);
    expect(stored.details.processorPaymentMethodId).toMatch(/^pm_/);
    expect(stripe.paymentMethods.get(stored.details.processorPaymentMethodId)).toMatchObject({
      customer: first.body.customerId,
      card: { brand: 'amex', last4: '8431' },
    });
  });

  it('takes a confirmation token: its card is made by a SetupIntent confirmed with it, for payments without the cardholder', async () => {
    const client = await createClient(t, home.id);
    const added = await addCard(client.id, { confirmationTokenId: 'ctoken_card_visa' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ brand: 'visa', last4: '4242', customerId: expect.stringMatching(/^cus_/) });
    const [setup] = stripe
      .callsTo('POST', '/v1/setup_intents')
      .filter((call) => call.params.customer === added.body.customerId);
    expect(setup.params).toMatchObject({
      confirmation_token: 'ctoken_card_visa',
      confirm: 'true',
      usage: 'off_session',
    });
    const stored = await storedDetails(added.body.id);
    expect(stripe.paymentMethods.get(stored.details.processorPaymentMethodId)!.customer).toBe(added.body.customerId);
  });

  it("is the same card when Stripe's fingerprint says so, however it came: 409 card_exists", async () => {
    const client = await createClient(t, home.id);
    const first = await addCard(client.id, { paymentMethodId: 'pm_card_visa' });
    expect(first.status).toBe(201);
    const again = await addCard(client.id, { confirmationTokenId: 'ctoken_card_visa' });
    expectProblem(again, 409, 'card_exists');
    expect(again.body.existingCardId).toBe(first.body.id);
  });

  it('retried with the same Idempotency-Key makes one Customer and one card at Stripe', async () => {
    const client = await createClient(t, home.id);
    const first = await addCard(client.id, { paymentMethodId: 'pm_card_visa' }, `card-${client.id}`);
    const again = await addCard(client.id, { paymentMethodId: 'pm_card_visa' }, `card-${client.id}`);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const calls = stripe.calls.filter((call) => call.idempotencyKey?.includes(':attach-card'));
    const ofThis = calls.filter(
      (call) => call.path === '/v1/customers' && call.params.metadata?.clientId === client.id,
    );
    expect(ofThis).toHaveLength(1);
    expect(ofThis[0].idempotencyKey).toMatch(/^req_\w+:attach-card:customer$/);
  });

  it.each([
    ['an unknown payment method', { paymentMethodId: 'pm_nope' }, 'paymentMethod.paymentMethodId'],
    ['an unknown confirmation token', { confirmationTokenId: 'ctoken_nope' }, 'paymentMethod.confirmationTokenId'],
    [
      'a customer Stripe does not know',
      { paymentMethodId: 'pm_card_visa', customerId: 'cus_nobody' },
      'paymentMethod.customerId',
    ],
  ])('refuses %s with 400 naming the field, and keeps no card', async (_name, paymentMethod, field) => {
    const client = await createClient(t, home.id);
    expectInvalid(await addCard(client.id, paymentMethod), field);
    expect(await sql(t, 'select id from wallet_cards where client_id = ?', [client.id])).toEqual([]);
  });

  it('a card its bank declines is 402 card_declined; Stripe unreachable 503 payment_processor_unavailable', async () => {
    const client = await createClient(t, home.id);
    expectProblem(await addCard(client.id, { paymentMethodId: 'pm_card_chargeDeclined' }), 402, 'card_declined');
    stripe.failNext(1, 429);
    const unavailable = await addCard(client.id, { paymentMethodId: 'pm_card_visa' });
    expectProblem(unavailable, 503, 'payment_processor_unavailable');
    expect(Number(unavailable.headers['retry-after'])).toBeGreaterThan(0);
    expect(await sql(t, 'select id from wallet_cards where client_id = ?', [client.id])).toEqual([]);
  });
});
