import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { DomainError } from '@app/shared/domain';
import { FakeStripe } from '../../../../../test/support/fake-stripe.js';
import type { ChargeRequest } from '../../domain/payment-processor.js';
import { stripeClient } from './stripe-client.js';
import { StripePaymentProcessor } from './stripe-payment-processor.js';

const OWNER = { organisationId: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L', clientId: '0193a6f5-1a2b-7c3d-8e4f-5a6b7c8d9e0f' };
const ACCOUNT = 'acct_1PqRsTuVwXyZ0123';
const BUSINESS = '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a';

let fake: FakeStripe;
let processor: StripePaymentProcessor;

beforeAll(async () => {
  fake = await FakeStripe.start();
  // A short timeout, so a Stripe that does not answer is found out in a second, not sixteen.
  processor = new StripePaymentProcessor(stripeClient(fake.secretKey, new URL(fake.url), { timeoutMs: 500 }));
});

afterAll(() => fake?.close());

beforeEach(() => fake.heal());

async function failureOf(work: Promise<unknown>): Promise<DomainError> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected Stripe to refuse');
}

const key = () => `op_${randomUUID()}`;

/** A card of the client's wallet: attached to a new customer. */
const walletCard = async (paymentMethodId = 'pm_card_visa') =>
  processor.attachPaymentMethod({ paymentMethodId, owner: OWNER, idempotencyKey: key() });

const charge = (card: ChargeRequest['card'], changes: Partial<ChargeRequest> = {}): ChargeRequest => ({
  card,
  amount: 7200,
  description: `Booking ${randomUUID()}`,
  offSession: true,
  destination: { businessId: BUSINESS, accountId: ACCOUNT, platformFeeAmount: 108 },
  idempotencyKey: key(),
  metadata: { organisationId: OWNER.organisationId },
  ...changes,
});

describe('attaching a card', () => {
  it("makes the client's customer on first use, attaches the card to it, and answers Stripe's brand, last4 and fingerprint", async () => {
    const idempotencyKey = key();
    const method = await processor.attachPaymentMethod({
      paymentMethodId: 'pm_card_mastercard',
      owner: OWNER,
      idempotencyKey,
    });
    expect(method).toEqual({
      paymentMethodId: expect.stringMatching(/^pm_/),
      customerId: expect.stringMatching(/^cus_/),
      brand: 'mastercard',
      last4: '4444',
      cardFingerprint: (fake.paymentMethods.get(method.paymentMethodId)!.card as { fingerprint: string }).fingerprint,
    });
    expect(fake.customers.get(method.customerId)!.metadata).toEqual(OWNER);
    expect(fake.paymentMethods.get(method.paymentMethodId)!.customer).toBe(method.customerId);
    expect(
      fake.calls
        .filter((call) => call.idempotencyKey?.startsWith(idempotencyKey))
        .map((call) => [call.path, call.idempotencyKey]),
    ).toEqual([
      ['/v1/customers', `${idempotencyKey}:customer`],
      ['/v1/payment_methods/pm_card_mastercard/attach', `${idempotencyKey}:attach`],
    ]);
  });

  it('attached again with the same key (a retried request) makes no second customer or card', async () => {
    const idempotencyKey = key();
    const first = await processor.attachPaymentMethod({
      paymentMethodId: 'pm_card_visa',
      owner: OWNER,
      idempotencyKey,
    });
    const customers = fake.customers.size;
    expect(
      await processor.attachPaymentMethod({ paymentMethodId: 'pm_card_visa', owner: OWNER, idempotencyKey }),
    ).toEqual(first);
    expect(fake.customers.size).toBe(customers);
  });

  it("uses the customer it is given, and the same card's fingerprint is the same", async () => {
    const first = await walletCard('pm_card_amex');
    const again = await processor.attachPaymentMethod({
      paymentMethodId: 'pm_card_amex',
      customerId: first.customerId,
      owner: OWNER,
      idempotencyKey: key(),
    });
    expect(again.customerId).toBe(first.customerId);
    expect(again.cardFingerprint).toBe(first.cardFingerprint);
    expect(again.paymentMethodId).not.toBe(first.paymentMethodId);
  });

  it("saves a confirmation token's card with a SetupIntent confirmed with it, for charges without the cardholder", async () => {
    const idempotencyKey = key();
    const method = await processor.attachPaymentMethod({
      confirmationTokenId: 'ctoken_card_visa',
      owner: OWNER,
      idempotencyKey,
    });
    expect(method).toMatchObject({ brand: 'visa', last4: '4242', paymentMethodId: expect.stringMatching(/^pm_/) });
    const [setup] = fake
      .callsTo('POST', '/v1/setup_intents')
      .filter((call) => call.idempotencyKey === `${idempotencyKey}:setup`);
    expect(setup.params).toMatchObject({
      customer: method.customerId,
      confirmation_token: 'ctoken_card_visa',
      confirm: 'true',
      usage: 'off_session',
    });
  });

  it.each([
    ['an unknown payment method', { paymentMethodId: 'pm_nope' }, 'validation_failed', 'paymentMethod.paymentMethodId'],
    [
      'an unknown confirmation token',
      { confirmationTokenId: 'ctoken_nope' },
      'validation_failed',
      'paymentMethod.confirmationTokenId',
    ],
    [
      'an unknown customer',
      { paymentMethodId: 'pm_card_visa', customerId: 'cus_nope' },
      'validation_failed',
      'paymentMethod.customerId',
    ],
    ['a card its bank declines', { paymentMethodId: 'pm_card_chargeDeclined' }, 'card_declined', undefined],
  ])('refuses %s', async (_name, card, code, field) => {
    const error = await failureOf(processor.attachPaymentMethod({ ...card, owner: OWNER, idempotencyKey: key() }));
    expect(error.code).toBe(code);
    if (field) expect(error.errors).toEqual([expect.objectContaining({ field })]);
  });
});

describe('charging', () => {
  it('confirms an off-session PaymentIntent at once: a destination charge to the connected account, the platform fee its application fee', async () => {
    const card = await walletCard();
    const request = charge(card);
    const charged = await processor.charge(request);
    expect(charged).toEqual({ paymentId: expect.stringMatching(/^pi_/), status: 'succeeded', clientSecret: null });
    const [call] = fake
      .callsTo('POST', '/v1/payment_intents')
      .filter((candidate) => candidate.idempotencyKey === request.idempotencyKey);
    expect(call.params).toEqual({
      amount: '7200',
      currency: 'aud',
      description: request.description,
      metadata: { organisationId: OWNER.organisationId },
      allowed_payment_method_types: ['card'],
      confirm: 'true',
      customer: card.customerId,
      payment_method: card.paymentMethodId,
      off_session: 'true',
      transfer_data: { destination: ACCOUNT },
      application_fee_amount: '108',
    });
    expect(fake.intents.get(charged.paymentId)).toMatchObject({ status: 'succeeded', amount_received: 7200 });
  });

  it('the same key charges once: a retry gets the first PaymentIntent back', async () => {
    const request = charge(await walletCard());
    const first = await processor.charge(request);
    expect(await processor.charge(request)).toEqual(first);
    expect(fake.chargesDescribed(request.description)).toHaveLength(1);
  });

  it('after its charge was taken back, the same operation charges anew rather than answering the refunded one as paid', async () => {
    const request = charge(await walletCard());
    const first = await processor.charge(request);
    await processor.undoCharge(request, first);
    expect(fake.chargesDescribed(request.description)).toEqual([
      expect.objectContaining({ paymentId: first.paymentId, amount: 7200, refunded: 7200 }),
    ]);
    const undo = fake.callsTo('POST', '/v1/refunds').find((call) => call.params.payment_intent === first.paymentId)!;
    expect(undo.params).toEqual({
      payment_intent: first.paymentId,
      reverse_transfer: 'true',
      refund_application_fee: 'true',
    });

    const again = await processor.charge(request);
    expect(again.status).toBe('succeeded');
    expect(again.paymentId).not.toBe(first.paymentId);
    expect(fake.chargesDescribed(request.description).map((made) => made.refunded)).toEqual([7200, 0]);
    expect(await processor.charge(request)).toEqual(again);
  });

  it("off session, a card whose bank wants the cardholder is requires_action with the intent's client secret (Stripe's 402 authentication_required)", async () => {
    const request = charge(await walletCard('pm_card_authenticationRequired'));
    const charged = await processor.charge(request);
    expect(charged).toEqual({
      paymentId: expect.stringMatching(/^pi_/),
      status: 'requires_action',
      clientSecret: expect.stringMatching(/^pi_\w+_secret_/),
    });
    expect(charged.clientSecret).toBe(fake.intents.get(charged.paymentId)!.client_secret);
    expect(await processor.charge(request)).toEqual(charged);
  });

  it('on session (the pay page), such a card is a requires_action intent with its next action', async () => {
    const charged = await processor.charge(
      charge({ paymentMethodId: 'pm_card_authenticationRequired' }, { offSession: false }),
    );
    expect(charged.status).toBe('requires_action');
    expect(fake.intents.get(charged.paymentId)).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk' },
    });
  });

  it('charges a confirmation token on the pay page without a customer', async () => {
    const request = charge({ confirmationTokenId: 'ctoken_card_mastercard' }, { offSession: false });
    const charged = await processor.charge(request);
    expect(charged.status).toBe('succeeded');
    const [call] = fake
      .callsTo('POST', '/v1/payment_intents')
      .filter((candidate) => candidate.idempotencyKey === request.idempotencyKey);
    expect(call.params).toMatchObject({ confirmation_token: 'ctoken_card_mastercard', confirm: 'true' });
    expect(call.params).not.toHaveProperty('off_session');
    expect(call.params).not.toHaveProperty('customer');
  });

  it('undoing a charge that waits for the cardholder cancels it, so it can never be captured', async () => {
    const request = charge(await walletCard('pm_card_authenticationRequired'));
    const charged = await processor.charge(request);
    await processor.undoCharge(request, charged);
    expect(fake.intents.get(charged.paymentId)!.status).toBe('canceled');
    const again = await processor.charge(request);
    expect(again.paymentId).not.toBe(charged.paymentId);
  });

  it("an amount below Stripe's smallest charge is refused naming the payment", async () => {
    const error = await failureOf(processor.charge(charge(await walletCard(), { amount: 30 })));
    expect(error.errors).toEqual([expect.objectContaining({ field: 'payment', code: 'amount_too_small' })]);
  });

  it('a declined card is card_declined', async () => {
    const error = await failureOf(processor.charge(charge(await walletCard('pm_card_visa_chargeDeclined'))));
    expect(error).toMatchObject({ kind: 'payment_required', code: 'card_declined' });
  });

  it('an unknown connected account is business_not_connected, and so is none', async () => {
    const disconnected = 'acct_1Gone0000000000';
    fake.disconnect(disconnected);
    const card = await walletCard();
    const destination = { businessId: BUSINESS, accountId: disconnected, platformFeeAmount: 108 };
    expect(await failureOf(processor.charge(charge(card, { destination })))).toMatchObject({
      kind: 'conflict',
      code: 'business_not_connected',
    });
    expect(() => processor.assertCanPay({ accountId: null, businessId: BUSINESS })).toThrow(
      expect.objectContaining({ code: 'business_not_connected' }),
    );
    expect(() => processor.assertCanPay({ accountId: 'not-an-account', businessId: BUSINESS })).toThrow(
      expect.objectContaining({ code: 'business_not_connected' }),
    );
    expect(() => processor.assertCanPay({ accountId: ACCOUNT, businessId: BUSINESS })).not.toThrow();
  });

  it.each([
    ['a 500 on each try (the SDK tries twice)', 2, 500],
    ['a 429', 1, 429],
    ['no answer within the timeout, twice', 2, 'hang'],
  ] as const)('Stripe unavailable (%s) is 503 payment_processor_unavailable', async (_name, count, how) => {
    const card = await walletCard();
    fake.failNext(count, how);
    const error = await failureOf(processor.charge(charge(card)));
    expect(error).toMatchObject({ kind: 'unavailable', code: 'payment_processor_unavailable' });
  });

  it('a charge whose answer was lost is found by its key when it is undone, and refunded', async () => {
    const request = charge(await walletCard());
    // The call and the SDK's retry are both done, and both answers lost.
    fake.failNext(2, 'lose');
    expect(await failureOf(processor.charge(request))).toMatchObject({ code: 'payment_processor_unavailable' });
    const [made] = fake.chargesDescribed(request.description);
    expect(made).toMatchObject({ status: 'succeeded', refunded: 0 });
    await processor.undoCharge(request, null);
    expect(fake.chargesDescribed(request.description)).toEqual([
      expect.objectContaining({ paymentId: made.paymentId, refunded: 7200 }),
    ]);
  });
});

describe('refunding', () => {
  it('refunds part of a payment from the connected account, keyed by the refund and naming its adjustment, once however often it is asked', async () => {
    const charged = await processor.charge(charge(await walletCard()));
    const refund = { paymentId: charged.paymentId, amount: 2000, adjustmentId: 'adj_1', idempotencyKey: key() };
    await processor.refund(refund);
    await processor.refund(refund);
    const calls = fake.callsTo('POST', '/v1/refunds').filter((call) => call.idempotencyKey === refund.idempotencyKey);
    expect(calls.map((call) => call.params)).toEqual([
      {
        payment_intent: charged.paymentId,
        amount: '2000',
        reverse_transfer: 'true',
        metadata: { adjustmentId: 'adj_1' },
      },
      {
        payment_intent: charged.paymentId,
        amount: '2000',
        reverse_transfer: 'true',
        metadata: { adjustmentId: 'adj_1' },
      },
    ]);
    expect(fake.refunds.size).toBeGreaterThan(0);
    expect([...fake.refunds.values()].filter((made) => made.payment_intent === charged.paymentId)).toHaveLength(1);
  });

  it('Stripe unavailable is 503 payment_processor_unavailable', async () => {
    const charged = await processor.charge(charge(await walletCard()));
    fake.failNext(1, 429);
    expect(
      await failureOf(
        processor.refund({ paymentId: charged.paymentId, amount: 100, adjustmentId: 'adj_2', idempotencyKey: key() }),
      ),
    ).toMatchObject({
      code: 'payment_processor_unavailable',
    });
  });
});
