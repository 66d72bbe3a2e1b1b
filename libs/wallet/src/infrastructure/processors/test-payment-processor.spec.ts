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
    expect(method).toEqual({ paymentMethodId, customerId: 'cus_R3x9Kq2LmN7vPw', brand, last4, cardFingerprint: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it('reads a confirmation token ctoken_<x> as the payment method pm_<x>', async () => {
    const method = await processor.attachPaymentMethod({ confirmationTokenId: 'ctoken_card_mastercard', customerId: 'cus_1' });
    expect(method).toMatchObject({ paymentMethodId: 'pm_card_mastercard', brand: 'mastercard', last4: '4444' });
    expect(method.cardFingerprint).toBe((await processor.attachPaymentMethod({ paymentMethodId: 'pm_card_mastercard' })).cardFingerprint);
  });

  it('prefers paymentMethodId when both are sent', async () => {
    const method = await processor.attachPaymentMethod({ paymentMethodId: 'pm_card_amex', confirmationTokenId: 'ctoken_card_visa' });
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
    expect(error.errors).toEqual([expect.objectContaining({ field: 'paymentMethod.paymentMethodId', code: 'unknown_payment_method' })]);
  });

  it('refuses an unknown confirmation token, naming that field', async () => {
    const error = await failureOf(processor.attachPaymentMethod({ confirmationTokenId: 'ctoken_nope' }));
    expect(error.errors).toEqual([expect.objectContaining({ field: 'paymentMethod.confirmationTokenId', code: 'unknown_payment_method' })]);
  });

  it('refuses a request that names no card', async () => {
    const error = await failureOf(processor.attachPaymentMethod({ customerId: 'cus_a' }));
    expect(error).toMatchObject({ kind: 'validation' });
  });

  it.each(['PM_CARD_VISA', 'pm_card_visa ', 'card_visa', 'ctoken_card_visa'])('does not take the look-alike id %p for a test card', async (paymentMethodId) => {
    const error = await failureOf(processor.attachPaymentMethod({ paymentMethodId }));
    expect(error).toMatchObject({ kind: 'validation', code: 'validation_failed' });
  });

  it.each(['toString', '__proto__', 'constructor', 'hasOwnProperty'])('does not take the object property name %p for a test card', async (paymentMethodId) => {
    const error = await failureOf(processor.attachPaymentMethod({ paymentMethodId }));
    expect(error).toMatchObject({ kind: 'validation', code: 'validation_failed' });
  });
});
