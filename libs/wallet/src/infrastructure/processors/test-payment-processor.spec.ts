import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@app/shared/domain';
import { TestPaymentProcessor } from './test-payment-processor.js';

const processor = new TestPaymentProcessor();

async function failureOf(work: Promise<unknown>): Promise<DomainError> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected the processor to refuse');
}

describe('TestPaymentProcessor', () => {
  it.each([
    ['pm_card_visa', 'visa', '4242'],
    ['pm_card_visa_debit', 'visa', '5556'],
    ['pm_card_mastercard', 'mastercard', '4444'],
    ['pm_card_amex', 'amex', '8431'],
  ])('knows %s as %s ending %s', async (paymentMethodId, brand, last4) => {
    const method = await processor.attachPaymentMethod({ paymentMethodId, customerId: 'cus_R3x9Kq2LmN7vPw' });
    expect(method).toEqual({
      paymentMethodId,
      customerId: 'cus_R3x9Kq2LmN7vPw',
      brand,
      last4,
      cardFingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });

  it('reads a confirmation token ctoken_<x> as the payment method pm_<x>', async () => {
    const method = await processor.attachPaymentMethod({
      confirmationTokenId: 'ctoken_card_mastercard',
      customerId: 'cus_1',
    });
    expect(method).toMatchObject({ paymentMethodId: 'pm_card_mastercard', brand: 'mastercard', last4: '4444' });
    expect(method.cardFingerprint).toBe(
      (await processor.attachPaymentMethod({ paymentMethodId: 'pm_card_mastercard' })).cardFingerprint,
    );
  });

  it('prefers paymentMethodId when both are sent', async () => {
    const method = await processor.attachPaymentMethod({
      paymentMethodId: 'pm_card_amex',
      confirmationTokenId: 'ctoken_card_visa',
    });
    expect(method).toMatchObject({ paymentMethodId: 'pm_card_amex', brand: 'amex' });
  });

  it('creates a customer when none is given, a new one each time', async () => {
    const first = await processor.attachPaymentMethod({ paymentMethodId: 'pm_card_visa' });
    const second = await processor.attachPaymentMethod({ paymentMethodId: 'pm_card_visa' });
    expect(first.customerId).toMatch(/^cus_[0-9a-f]{14}$/);
    expect(second.customerId).toMatch(/^cus_[0-9a-f]{14}$/);
    expect(second.customerId).not.toBe(first.customerId);
  });

  it('gives the same card the same fingerprint and different cards different ones', async () => {
    const visa = await processor.attachPaymentMethod({ paymentMethodId: 'pm_card_visa', customerId: 'cus_a' });
    const visaAgain = await processor.attachPaymentMethod({ paymentMethodId: 'pm_card_visa', customerId: 'cus_b' });
    const debit = await processor.attachPaymentMethod({ paymentMethodId: 'pm_card_visa_debit', customerId: 'cus_a' });
    expect(visaAgain.cardFingerprint).toBe(visa.cardFingerprint);
    expect(debit.cardFingerprint).not.toBe(visa.cardFingerprint);
  });

  it('declines pm_card_chargeDeclined with card_declined (402)', async () => {
    const error = await failureOf(processor.attachPaymentMethod({ paymentMethodId: 'pm_card_chargeDeclined' }));
    expect(error).toMatchObject({ kind: 'payment_required', code: 'card_declined' });
  });

  it('declines the confirmation token of the declined card too', async () => {
    const error = await failureOf(processor.attachPaymentMethod({ confirmationTokenId: 'ctoken_card_chargeDeclined' }));
    expect(error).toMatchObject({ kind: 'payment_required', code: 'card_declined' });
  });

  it('refuses an unknown payment method id, naming the field', async () => {
    const error = await failureOf(processor.attachPaymentMethod({ paymentMethodId: 'pm_card_nope' }));
    expect(error).toMatchObject({ kind: 'validation', code: 'validation_failed' });
    expect(error.errors).toEqual([
      expect.objectContaining({ field: 'paymentMethod.paymentMethodId', code: 'unknown_payment_method' }),
    ]);
  });

  it('refuses an unknown confirmation token, naming that field', async () => {
    const error = await failureOf(processor.attachPaymentMethod({ confirmationTokenId: 'ctoken_nope' }));
    expect(error.errors).toEqual([
      expect.objectContaining({ field: 'paymentMethod.confirmationTokenId', code: 'unknown_payment_method' }),
    ]);
  });

  it('refuses a request that names no card', async () => {
    const error = await failureOf(processor.attachPaymentMethod({ customerId: 'cus_a' }));
    expect(error).toMatchObject({ kind: 'validation' });
  });

  it.each(['PM_CARD_VISA', 'pm_card_visa ', 'card_visa', 'ctoken_card_visa'])(
    'does not take the look-alike id %p for a test card',
    async (paymentMethodId) => {
      const error = await failureOf(processor.attachPaymentMethod({ paymentMethodId }));
      expect(error).toMatchObject({ kind: 'validation', code: 'validation_failed' });
    },
  );

  it.each(['toString', '__proto__', 'constructor', 'hasOwnProperty'])(
    'does not take the object property name %p for a test card',
    async (paymentMethodId) => {
      const error = await failureOf(processor.attachPaymentMethod({ paymentMethodId }));
      expect(error).toMatchObject({ kind: 'validation', code: 'validation_failed' });
    },
  );

  describe('charges', () => {
    const charge = (paymentMethodId: string, idempotencyKey: string) => ({
      card: { customerId: 'cus_a', paymentMethodId },
      amount: 7200,
      description: `Booking ${idempotencyKey}`,
      offSession: true,
      destination: { businessId: 'business', accountId: null, platformFeeAmount: 108 },
      idempotencyKey,
      metadata: {},
    });

    it('captures a known card, and answers a repeated key with the first charge', async () => {
      const first = await processor.charge(charge('pm_card_visa', 'charge-once'));
      expect(first).toEqual({ paymentId: expect.stringMatching(/^pi_/), status: 'succeeded', clientSecret: null });
      expect(await processor.charge(charge('pm_card_visa', 'charge-once'))).toEqual(first);
      expect(processor.chargesDescribed('Booking charge-once')).toHaveLength(1);
    });

    it('leaves the charge of pm_card_authenticationRequired waiting for the cardholder, with a client secret', async () => {
      const waiting = await processor.charge(charge('pm_card_authenticationRequired', 'charge-3ds'));
      expect(waiting).toEqual({
        paymentId: expect.stringMatching(/^pi_/),
        status: 'requires_action',
        clientSecret: expect.stringContaining('_secret_'),
      });
    });

    it('declines pm_card_visa_chargeDeclined', async () => {
      expect(await failureOf(processor.charge(charge('pm_card_visa_chargeDeclined', 'charge-declined')))).toMatchObject(
        { code: 'card_declined' },
      );
    });

    it('undoes a charge whole (or cancels one that waits), and the same operation then charges anew', async () => {
      const request = charge('pm_card_visa', 'charge-undone');
      const first = await processor.charge(request);
      await processor.undoCharge(request);
      const again = await processor.charge(request);
      expect(again.paymentId).not.toBe(first.paymentId);
      expect(processor.chargesDescribed('Booking charge-undone')).toEqual([
        { paymentId: first.paymentId, amount: 7200, refunded: 7200 },
        { paymentId: again.paymentId, amount: 7200, refunded: 0 },
      ]);
      const waiting = charge('pm_card_authenticationRequired', 'charge-3ds-undone');
      const pending = await processor.charge(waiting);
      await processor.undoCharge(waiting);
      expect(processor.chargeOf(pending.paymentId)?.status).toBe('canceled');
    });

    it('refunds once per refund key', async () => {
      const charged = await processor.charge(charge('pm_card_visa', 'charge-refunded'));
      const refund = { paymentId: charged.paymentId, amount: 2000, adjustmentId: 'adj_1', idempotencyKey: 'refund-1' };
      await processor.refund(refund);
      await processor.refund(refund);
      expect(processor.chargesDescribed('Booking charge-refunded')).toEqual([
        { paymentId: charged.paymentId, amount: 7200, refunded: 2000 },
      ]);
    });
  });
});
