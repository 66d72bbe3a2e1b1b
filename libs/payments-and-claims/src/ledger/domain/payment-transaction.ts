import { assertCents, type Cents, CURRENCY, invalidField, newUuid, nextUpdatedAt, sumCents } from '@app/shared/domain';
import { paymentLinkPaid } from './payments.errors.js';
import type { Claim } from './claim.js';
import type { MedicareClaim } from './medicare-claim.js';

export type PaymentSource = 'payment' | 'health_fund_claim' | 'medicare_claim';

/**
 * Who pays a payment transaction's money to the business: the platform's processor holds card
 * money (card and link payments, fees) and pays it out; a claim's payer (Services Australia, the
 * fund's claiming network) pays its benefit straight to the business's bank account, so the
 * platform never holds it.
 */
export type SettledBy = 'platform' | 'payer';

export function settledByOf(source: PaymentSource): SettledBy {
  return source === 'payment' ? 'platform' : 'payer';
}

/** A link's payment before the client pays it. */
export const AWAITING_PAYMENT = 'requires_payment_method';

/**
 * A card payment whose cardholder's bank asked for them (3-D Secure): nothing is captured until
 * they answer it with the payment's `clientSecret`, and the processor reports the outcome. Not
 * settled: in no payout, not paid on its invoice, and its booking not paid.
 */
export const REQUIRES_ACTION = 'requires_action';

/** A charge the processor answered: captured (`succeeded`), or waiting for the cardholder. */
export interface ProcessorOutcome {
  paymentId: string;
  status: 'succeeded' | 'requires_action';
  clientSecret: string | null;
}

/** A link's payment once its booking was cancelled: no one can make it (the processor's word for such a payment). */
export const PAYMENT_CANCELED = 'canceled';

/** A card payment whose money is in hand. */
export const PAYMENT_SUCCEEDED = 'succeeded';

/** A check-out's card payment that the processor reported failed later (3-D Secure refused): it holds nothing. */
export const PAYMENT_FAILED = 'failed';

/** The adjustment a refund is: minus what was given back. */
export const REFUND = 'refund';

/** The adjustment that gives back to the business a refund the processor could not make: plus its amount. */
export const REFUND_FAILED = 'refund_failed';

/**
 * What paying a link would do: `open` takes the payment; `paid` was paid already (409
 * `payment_link_paid`); `cancelled`, its booking was (409 `booking_cancelled`); `expired`, too late (410).
 */
export type LinkStatus = 'open' | 'paid' | 'cancelled' | 'expired';

export interface CardPayment {
  id: string;
  currency: string;
  status: string;
  paymentMethodId: string | null;
  clientSecret: string | null;
  amount: Cents;
}

export interface AdjustmentTransaction {
  id: string;
  createdAt: string;
  source: string;
  /** Signed cents: a refund or a dispute is negative. */
  amount: Cents;
  /** Why a refund was given, as its request said; kept, not answered. */
  reason?: string;
  /** A `refund_failed`'s: the refund whose failure it gives back; kept, not answered. */
  reverses?: string;
  /**
   * A refund of money paid beyond the price (a prepaid booking's claim paid part of it): a return of
   * an overpayment, not a refund of the price; kept, not answered.
   */
  overpayment?: boolean;
  /**
   * The payout that counted it; `null` while it waits for the next one. An adjustment made after its
   * payment transaction was paid out goes into a later payout than the payment transaction did.
   */
  payoutId: string | null;
}

export interface PaymentLink {
  id: string;
  url: string;
  createdAt: string;
  expiresAt: string;
  events: { createdAt: string }[];
}

export interface PaymentEvent {
  createdAt: string;
  /** A member id, or `system`. */
  createdBy: string;
}

/**
 * Money that moved for a business: a card payment, or a health fund or Medicare benefit. Payouts
 * are made of these: one counts its amount less the platform's fee (`payoutId`), and each of its
 * adjustments is counted by one payout, that one or a later one (a refund after the payout).
 */
export class PaymentTransaction {
  id: string;
  organisationId: string;
  businessId: string;
  transactionId: string | null;
  payoutId: string | null;
  /** A claim's: the remittance its payer paid it in; `null` until one did (and always for card money). */
  remittanceId: string | null;
  /** A claim's: what its remittance paid for it, which may differ from its benefit; `null` until paid. */
  remittedAmount: Cents | null;
  source: PaymentSource;
  amount: Cents;
  platformFeeAmount: Cents;
  payment: CardPayment | null;
  claimId: string | null;
  medicareClaimId: string | null;
  adjustments: AdjustmentTransaction[];
  paymentLinks: PaymentLink[];
  events: PaymentEvent[];
  createdAt: Date;
  /** When it last changed: paid through its link, its link cancelled, adjusted, paid out or given back by a failed payout. */
  updatedAt: Date;

  /** A card charged at the processor: its payment, as the processor answered it. */
  static forCharge(
    owner: Owner,
    charged: ProcessorOutcome,
    paymentMethodId: string | null,
    amount: Cents,
    platformFeeAmount: Cents,
    now: Date,
  ): PaymentTransaction {
    return PaymentTransaction.forCardPayment(
      owner,
      { id: charged.paymentId, status: charged.status, paymentMethodId, clientSecret: charged.clientSecret, amount },
      platformFeeAmount,
      now,
    );
  }

  static forCardPayment(
    owner: Owner,
    payment: Omit<CardPayment, 'id' | 'currency'> & { id?: string },
    platformFeeAmount: Cents,
    now: Date,
  ): PaymentTransaction {
    const transaction = PaymentTransaction.base(owner, 'payment', payment.amount, platformFeeAmount, now);
    transaction.payment = { ...payment, id: payment.id ?? `pi_${newUuid().replace(/-/g, '')}`, currency: CURRENCY };
    return transaction;
  }

  /** A gap the client pays later through a payment link: not settled, so in no payout, until paid. */
  static awaitingLink(
    owner: Owner,
    amount: Cents,
    platformFeeAmount: Cents,
    link: Omit<PaymentLink, 'events'>,
    now: Date,
  ): PaymentTransaction {
    const transaction = PaymentTransaction.forCardPayment(
      owner,
      { status: AWAITING_PAYMENT, paymentMethodId: null, clientSecret: null, amount },
      platformFeeAmount,
      now,
    );
    transaction.paymentLinks = [{ ...link, events: [] }];
    return transaction;
  }

  /** A claim's payer paid it, `paidAmount` of it, in the remittance. */
  remitted(remittanceId: string, paidAmount: Cents, now: Date): void {
    this.remittanceId = remittanceId;
    this.remittedAmount = assertCents(paidAmount, 'paidAmount');
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }

  /** Its claim's payment was recorded (its remittance reconciled): it changed, for a sync client. */
  claimPaid(now: Date): void {
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }

  /** Money in hand: a claim, or a card payment that succeeded (not a link still waiting). */
  isSettled(): boolean {
    return this.source !== 'payment' || this.payment?.status === PAYMENT_SUCCEEDED;
  }

  /**
   * The processor says the card payment succeeded, later than it was made (the payer completed
   * 3-D Secure, or paid the link on its page): settled now, so the next payout counts it, and its
   * link shows as paid. Money that moved is recorded whatever the payment waited for, except a
   * payment cancelled with its booking: its charge was cancelled at the processor, or refunded whole
   * had the payer confirmed it meanwhile, so nothing of it is held. Whether it changed.
   */
  succeeded(now: Date): boolean {
    if (!this.payment || [PAYMENT_SUCCEEDED, PAYMENT_CANCELED].includes(this.payment.status)) return false;
    this.payment = { ...this.payment, status: PAYMENT_SUCCEEDED };
    this.paymentLinks = this.paymentLinks.map((link) => ({
      ...link,
      events: [...link.events, { createdAt: now.toISOString() }],
    }));
    this.events = [...this.events, { createdAt: now.toISOString(), createdBy: 'system' }];
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  /**
   * The processor says the card payment failed, later than it was made (the bank refused 3-D
   * Secure). A link's payment waits for its payer again (`requires_payment_method`, the processor's
   * own status for it); a check-out's becomes `failed` and holds nothing, so its booking can be
   * checked out again. One that succeeded, was cancelled, failed or still waits changes not. Whether it changed.
   */
  failed(now: Date): boolean {
    const status = this.paymentLinks.length > 0 ? AWAITING_PAYMENT : PAYMENT_FAILED;
    if (!this.payment || [PAYMENT_SUCCEEDED, PAYMENT_CANCELED, status].includes(this.payment.status)) return false;
    // A link waits as it did before it was tried: the next payer's attempt is a payment of its own.
    this.payment = { ...this.payment, status, ...(status === AWAITING_PAYMENT ? { clientSecret: null } : {}) };
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  /** What its refunds gave back so far, in cents: refunds less those that failed. */
  refunded(): Cents {
    return sumCents(
      this.adjustments
        .filter((adjustment) => [REFUND, REFUND_FAILED].includes(adjustment.source))
        .map((adjustment) => -adjustment.amount),
    );
  }

  /**
   * The processor could not make a refund of it: the money never left, so an adjustment of plus the
   * refund's amount (`refund_failed`) gives it back to the business, counted by the next payout as
   * the refund was. The refund is the one `refundId` names, else the latest of `amount` cents; each
   * is given back once. Answers the refund, or `null` when none is left to give back.
   */
  refundFailed(refundId: string | null, amount: Cents, now: Date): AdjustmentTransaction | null {
    const givenBack = new Set(this.adjustments.map((adjustment) => adjustment.reverses));
    const refunds = this.adjustments.filter(
      (adjustment) => adjustment.source === REFUND && !givenBack.has(adjustment.id),
    );
    // A named refund is that one or none (given back already); only an unnamed one is found by its amount.
    const refund =
      refundId !== null
        ? refunds.find((candidate) => candidate.id === refundId)
        : refunds.findLast((candidate) => candidate.amount === -amount);
    if (!refund) return null;
    this.adjust({ source: REFUND_FAILED, amount: -refund.amount, createdAt: now.toISOString(), reverses: refund.id });
    return refund;
  }

  /** Its card payment waits for the cardholder to answer their bank (3-D Secure). */
  awaitsCardholder(): boolean {
    return this.payment?.status === REQUIRES_ACTION;
  }

  /** Its link's status at `now`; a link is open up to and at its expiry. A cancelled link stays cancelled past it. */
  linkStatus(expiresAt: Date, now: Date): LinkStatus {
    if (this.isSettled()) return 'paid';
    if (this.payment?.status === PAYMENT_CANCELED) return 'cancelled';
    return now.getTime() > expiresAt.getTime() ? 'expired' : 'open';
  }

  /**
   * Its booking was cancelled while the card payment waited for the payer's bank (3-D Secure): it is
   * `canceled`, and its charge is cancelled at the processor (by the caller). Whether it changed.
   */
  cancelWaitingCharge(now: Date): boolean {
    if (!this.awaitsCardholder()) return false;
    this.payment = { ...this.payment!, status: PAYMENT_CANCELED, clientSecret: null };
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  /** Its booking was cancelled: a link still waiting can no longer be paid. One paid stays paid. */
  cancelLink(now: Date): void {
    if (this.payment?.status !== AWAITING_PAYMENT) return;
    this.payment = { ...this.payment, status: PAYMENT_CANCELED };
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }

  /**
   * The client paid the link: the payment succeeded now, or waits for the client to answer their
   * bank (and the link is paid once the processor says it succeeded).
   */
  payByLink(charged: ProcessorOutcome, now: Date): void {
    if (!this.payment || this.payment.status !== AWAITING_PAYMENT) throw paymentLinkPaid();
    this.payment = { ...this.payment, id: charged.paymentId, clientSecret: charged.clientSecret };
    if (charged.status === PAYMENT_SUCCEEDED) {
      this.succeeded(now);
      return;
    }
    this.payment = { ...this.payment, status: charged.status };
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }

  /** The fund pays the rebate to the business; the gap is the client's to pay. */
  static forHealthFundClaim(owner: Owner, claim: Claim, platformFeeAmount: Cents, now: Date): PaymentTransaction {
    const transaction = PaymentTransaction.base(
      owner,
      'health_fund_claim',
      claim.totalRebateAmount,
      platformFeeAmount,
      now,
    );
    transaction.claimId = claim.id;
    return transaction;
  }

  static forMedicareClaim(owner: Owner, claim: MedicareClaim, platformFeeAmount: Cents, now: Date): PaymentTransaction {
    const transaction = PaymentTransaction.base(
      owner,
      'medicare_claim',
      claim.totalRebateAmount,
      platformFeeAmount,
      now,
    );
    transaction.medicareClaimId = claim.id;
    return transaction;
  }

  /**
   * Adds an adjustment, waiting for the next payout: before this payment transaction is paid out,
   * the payout that takes it; after, a later one (a payout never changes once made). It changed at
   * the adjustment's `createdAt`.
   */
  adjust(adjustment: Omit<AdjustmentTransaction, 'id' | 'payoutId'>): AdjustmentTransaction {
    if (!Number.isSafeInteger(adjustment.amount))
      throw invalidField('amount', 'invalid_amount', 'must be a whole number of cents');
    const added = { ...adjustment, id: newUuid(), payoutId: null };
    this.adjustments = [...this.adjustments, added];
    this.updatedAt = nextUpdatedAt(this.updatedAt, new Date(adjustment.createdAt));
    return added;
  }

  /** Gives `payoutId` what of it waits: its amount less the fee unless a payout counted them, and its adjustments no payout counted. */
  paidOutBy(payoutId: string, now: Date): void {
    this.payoutId ??= payoutId;
    this.adjustments = this.adjustments.map((adjustment) =>
      adjustment.payoutId ? adjustment : { ...adjustment, payoutId },
    );
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }

  private static base(
    owner: Owner,
    source: PaymentSource,
    amount: Cents,
    platformFeeAmount: Cents,
    now: Date,
  ): PaymentTransaction {
    const transaction = new PaymentTransaction();
    transaction.id = newUuid();
    transaction.organisationId = owner.organisationId;
    transaction.businessId = owner.businessId;
    transaction.transactionId = owner.transactionId;
    transaction.payoutId = null;
    transaction.remittanceId = null;
    transaction.remittedAmount = null;
    transaction.source = source;
    transaction.amount = assertCents(amount, 'amount');
    transaction.platformFeeAmount = assertCents(platformFeeAmount, 'platformFeeAmount');
    transaction.payment = null;
    transaction.claimId = null;
    transaction.medicareClaimId = null;
    transaction.adjustments = [];
    transaction.paymentLinks = [];
    transaction.events = [];
    transaction.createdAt = now;
    transaction.updatedAt = now;
    return transaction;
  }
}

export interface Owner {
  organisationId: string;
  businessId: string;
  transactionId: string | null;
}

/** The adjustment that takes back what a voided claim paid the business. */
export const CLAIM_VOID = 'claim_void';

/**
 * Whether a transaction's payment transactions settle it (its booking is then `paid`): every part
 * in hand, and none of a claim whose money a void took back.
 */
export function settles(parts: readonly PaymentTransaction[]): boolean {
  return parts.every(
    (part) => part.isSettled() && !part.adjustments.some((adjustment) => adjustment.source === CLAIM_VOID),
  );
}

/**
 * What the next payout pays of it: for money the platform holds, amount − platform fee unless a
 * payout counted them, plus the adjustments no payout counted; nothing for a claim, whose payer pays
 * the business (the payout still lists it).
 */
export function waitingNetOf(
  transaction: Pick<PaymentTransaction, 'source' | 'payoutId' | 'amount' | 'platformFeeAmount' | 'adjustments'>,
): Cents {
  if (settledByOf(transaction.source) === 'payer') return 0;
  const waiting = transaction.adjustments.filter((adjustment) => !adjustment.payoutId);
  return (
    (transaction.payoutId === null ? transaction.amount - transaction.platformFeeAmount : 0) +
    waiting.reduce((sum, adjustment) => sum + adjustment.amount, 0)
  );
}

/** Whether a payout run has something of it to count. */
export function waitsForPayout(transaction: Pick<PaymentTransaction, 'payoutId' | 'adjustments'>): boolean {
  return transaction.payoutId === null || transaction.adjustments.some((adjustment) => !adjustment.payoutId);
}
