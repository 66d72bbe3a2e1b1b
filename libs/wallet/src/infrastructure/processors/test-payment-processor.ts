import { hash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { cardDeclined, unknownPaymentMethod } from '../../domain/wallet.errors.js';
import {
  type AttachPaymentMethod,
  type ChargeRequest,
  PaymentProcessor,
  type ProcessorCharge,
  type ProcessorPaymentMethod,
} from '../../domain/payment-processor.js';

/** The processor's well-known test cards. */
const TEST_CARDS: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_visa_debit: { brand: 'visa', last4: '5556' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  // Attaches, then declines every charge: how a check-out's declined card is tried.
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0341' },
};
const DECLINES_CHARGES = 'pm_card_visa_chargeDeclined';
const DECLINED = 'pm_card_chargeDeclined';
const LEDGER_ENTRIES = 10_000;

/**
 * A processor that needs no network (`PAYMENT_PROCESSOR=test`, the default): it knows the common
 * test payment method ids, and a confirmation token `ctoken_<x>` stands for `pm_<x>`. Charges of
 * `pm_card_visa_chargeDeclined` are declined; every other known card's charge succeeds.
 */
@Injectable()
export class TestPaymentProcessor extends PaymentProcessor {
  /**
   * The charges made, and how much of each was refunded since, as the processor's own records would
   * show them: the latest `LEDGER_ENTRIES`, so a long-running demo does not grow without end.
   */
  private readonly ledger = new Map<string, { description: string; amount: number; refunded: number }>();

  async attachPaymentMethod(request: AttachPaymentMethod): Promise<ProcessorPaymentMethod> {
    const field = request.paymentMethodId ? 'paymentMethod.paymentMethodId' : 'paymentMethod.confirmationTokenId';
    const paymentMethodId = request.paymentMethodId ?? request.confirmationTokenId?.replace(/^ctoken_/, 'pm_') ?? '';
    if (paymentMethodId === DECLINED) throw cardDeclined();
    const card = Object.hasOwn(TEST_CARDS, paymentMethodId) ? TEST_CARDS[paymentMethodId] : undefined;
    if (!card) throw unknownPaymentMethod(field);
    return {
      paymentMethodId,
      customerId: request.customerId ?? `cus_${randomBytes(7).toString('hex')}`,
      brand: card.brand,
      last4: card.last4,
      cardFingerprint: hash('sha256', paymentMethodId).slice(0, 16),
    };
  }

  async charge(request: ChargeRequest): Promise<ProcessorCharge> {
    if (request.paymentMethodId === DECLINES_CHARGES) throw cardDeclined();
    const paymentId = `pi_${randomBytes(12).toString('hex')}`;
    this.ledger.set(paymentId, { description: request.description, amount: request.amount, refunded: 0 });
    if (this.ledger.size > LEDGER_ENTRIES) this.ledger.delete(this.ledger.keys().next().value!);
    return { paymentId, status: 'succeeded' };
  }

  async refund(paymentId: string, amount: number): Promise<void> {
    const charge = this.ledger.get(paymentId);
    if (charge) charge.refunded += amount;
  }

  /** The charges made with this description, oldest first, and how much of each was refunded. */
  chargesDescribed(description: string): { paymentId: string; amount: number; refunded: number }[] {
    return [...this.ledger]
      .filter(([, charge]) => charge.description === description)
      .map(([paymentId, charge]) => ({ paymentId, amount: charge.amount, refunded: charge.refunded }));
  }
}
