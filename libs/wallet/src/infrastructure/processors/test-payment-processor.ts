import { hash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { cardDeclined, unknownPaymentMethod } from '../../domain/wallet.errors.js';
import {
  type AttachRequest,
  type ChargedCard,
  type ChargeRequest,
  PaymentProcessor,
  type ProcessorCharge,
  type ProcessorPaymentMethod,
  type RefundRequest,
} from '../../domain/payment-processor.js';

/** The processor's well-known test cards, by the ids Stripe gives them in test mode. */
const TEST_CARDS: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_visa_debit: { brand: 'visa', last4: '5556' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  // Attaches, then declines every charge: how a check-out's declined card is tried.
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0341' },
  // Its bank asks the cardholder to authenticate (3-D Secure) every payment: the charge waits for them.
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184' },
};
const DECLINES_CHARGES = 'pm_card_visa_chargeDeclined';
const REQUIRES_ACTION = 'pm_card_authenticationRequired';
const DECLINED = 'pm_card_chargeDeclined';
const LEDGER_ENTRIES = 10_000;

/** A charge as the processor's own records would show it. */
export interface TestCharge {
  paymentId: string;
  description: string;
  amount: number;
  refunded: number;
  status: 'succeeded' | 'requires_action' | 'canceled';
  destination: ChargeRequest['destination'];
  idempotencyKey: string;
}

/**
 * A processor that needs no network (`PAYMENT_PROCESSOR=test`, the default): it knows the common
 * test payment method ids, and a confirmation token `ctoken_<x>` stands for `pm_<x>`. Charges of
 * `pm_card_visa_chargeDeclined` are declined, those of `pm_card_authenticationRequired` wait for the
 * cardholder (`requires_action`); every other known card's charge succeeds. Like a real processor it
 * answers a repeated idempotency key with the first answer.
 */
@Injectable()
export class TestPaymentProcessor extends PaymentProcessor {
  /** The charges made, and how much of each was refunded since; by key, the charges, customers and refunds made (see `remember`). */
  private readonly ledger = new Map<string, TestCharge>();
  private readonly byKey = new Map<string, string>();
  private readonly customers = new Map<string, string>();
  private readonly refundKeys = new Map<string, true>();

  assertCanPay(): void {
    // Every business can take test payments: no account at the processor is needed.
  }

  async attachPaymentMethod(
    request: Omit<AttachRequest, 'owner' | 'idempotencyKey'> & Partial<AttachRequest>,
  ): Promise<ProcessorPaymentMethod> {
    const { paymentMethodId, card } = this.cardOf(request, 'paymentMethod.');
    if (paymentMethodId === DECLINED) throw cardDeclined();
    return {
      paymentMethodId,
      customerId: request.customerId ?? this.customerFor(request.idempotencyKey),
      brand: card.brand,
      last4: card.last4,
      cardFingerprint: hash('sha256', paymentMethodId).slice(0, 16),
    };
  }

  async charge(request: ChargeRequest): Promise<ProcessorCharge> {
    const earlier = this.ledger.get(this.byKey.get(request.idempotencyKey) ?? '');
    if (earlier) return answerOf(earlier);
    const { paymentMethodId } = this.cardOf(request.card, '');
    if (paymentMethodId === DECLINES_CHARGES || paymentMethodId === DECLINED) throw cardDeclined();
    const charge: TestCharge = {
      paymentId: `pi_${randomBytes(12).toString('hex')}`,
      description: request.description,
      amount: request.amount,
      refunded: 0,
      status: paymentMethodId === REQUIRES_ACTION ? 'requires_action' : 'succeeded',
      destination: request.destination,
      idempotencyKey: request.idempotencyKey,
    };
    remember(this.ledger, charge.paymentId, charge);
    remember(this.byKey, request.idempotencyKey, charge.paymentId);
    return answerOf(charge);
  }

  async undoCharge(request: ChargeRequest): Promise<void> {
    const charge = this.ledger.get(this.byKey.get(request.idempotencyKey) ?? '');
    if (!charge) return;
    if (charge.status === 'requires_action') charge.status = 'canceled';
    else charge.refunded = charge.amount;
    // A new attempt of the operation is a new charge, not this one again.
    this.byKey.delete(request.idempotencyKey);
  }

  async cancelWaiting(paymentId: string): Promise<void> {
    const charge = this.ledger.get(paymentId);
    if (charge?.status === 'requires_action') charge.status = 'canceled';
    else if (charge?.status === 'succeeded') charge.refunded = charge.amount;
  }

  async refund(request: RefundRequest): Promise<void> {
    if (this.refundKeys.has(request.idempotencyKey)) return;
    remember(this.refundKeys, request.idempotencyKey, true);
    const charge = this.ledger.get(request.paymentId);
    if (charge) charge.refunded += request.amount;
  }

  /** The charges made with this description, oldest first, and how much of each was refunded. */
  chargesDescribed(description: string): { paymentId: string; amount: number; refunded: number }[] {
    return [...this.ledger.values()]
      .filter((charge) => charge.description === description)
      .map((charge) => ({ paymentId: charge.paymentId, amount: charge.amount, refunded: charge.refunded }));
  }

  /** A charge as the processor keeps it, by its payment id. */
  chargeOf(paymentId: string): TestCharge | undefined {
    return this.ledger.get(paymentId);
  }

  /** The card a request names; an unknown one is refused naming its field (under `prefix`). */
  private cardOf(
    card: ChargedCard,
    prefix: string,
  ): { paymentMethodId: string; card: { brand: string; last4: string } } {
    const confirmationTokenId = 'confirmationTokenId' in card ? card.confirmationTokenId : undefined;
    const field = card.paymentMethodId ? `${prefix}paymentMethodId` : `${prefix}confirmationTokenId`;
    const paymentMethodId = card.paymentMethodId ?? confirmationTokenId?.replace(/^ctoken_/, 'pm_') ?? '';
    if (paymentMethodId === DECLINED) return { paymentMethodId, card: { brand: 'visa', last4: '0002' } };
    const known = Object.hasOwn(TEST_CARDS, paymentMethodId) ? TEST_CARDS[paymentMethodId] : undefined;
    if (!known) throw unknownPaymentMethod(field);
    return { paymentMethodId, card: known };
  }

  /** A new customer, or the one made for the same key before (a retried request). */
  private customerFor(idempotencyKey: string | undefined): string {
    const made = idempotencyKey === undefined ? undefined : this.customers.get(idempotencyKey);
    if (made) return made;
    const customerId = `cus_${randomBytes(7).toString('hex')}`;
    if (idempotencyKey !== undefined) remember(this.customers, idempotencyKey, customerId);
    return customerId;
  }
}

/** Keeps the latest `LEDGER_ENTRIES` of a record, so a long-running demo does not grow without end. */
function remember<T>(records: Map<string, T>, key: string, value: T): void {
  records.set(key, value);
  if (records.size > LEDGER_ENTRIES) records.delete(records.keys().next().value!);
}

function answerOf(charge: TestCharge): ProcessorCharge {
  return charge.status === 'requires_action'
    ? {
        paymentId: charge.paymentId,
        status: 'requires_action',
        clientSecret: `${charge.paymentId}_secret_${hash('sha256', charge.paymentId).slice(0, 24)}`,
      }
    : { paymentId: charge.paymentId, status: 'succeeded', clientSecret: null };
}
