export interface AttachPaymentMethod {
  customerId?: string;
  paymentMethodId?: string;
  confirmationTokenId?: string;
}

/** A card to attach to the client's customer at the processor, made on first use. */
export interface AttachRequest extends AttachPaymentMethod {
  /** Whose customer one is made for when `customerId` is absent: the processor keeps these as its metadata. */
  owner: { organisationId: string; clientId: string };
  /** The operation's key: a retry of the same operation derives the same one (see `operationKey`). */
  idempotencyKey: string;
}

/** What the processor tells of a card it holds; the full number never leaves the processor. */
export interface ProcessorPaymentMethod {
  paymentMethodId: string;
  customerId: string;
  brand: string;
  last4: string;
  /** The processor's own stable identifier of the card number. */
  cardFingerprint: string;
}

/**
 * A card to charge: one stored in a client's wallet (its customer and payment method at the
 * processor), or one the payer names now on the pay page (a payment method or a confirmation token).
 */
export type ChargedCard =
  { customerId: string; paymentMethodId: string } | { paymentMethodId?: string; confirmationTokenId?: string };

export interface ChargeRequest {
  card: ChargedCard;
  /** Integer cents of AUD, more than zero. */
  amount: number;
  description: string;
  /**
   * The cardholder is not there to answer their bank (a check-out, a fee): `true`. On the pay page
   * they are: `false`. Either way the bank may ask for them (`requires_action`).
   */
  offSession: boolean;
  /**
   * The business the money is for: its account at the processor (`merchantId`; Stripe: its connected
   * account `acct_…`, `null` when it has none) and the platform's fee kept of the amount.
   */
  destination: { businessId: string; accountId: string | null; platformFeeAmount: number };
  /**
   * The operation's key: the same operation retried derives the same key, and the processor answers
   * it with the first attempt's charge rather than charging again.
   */
  idempotencyKey: string;
  /** Ids the processor keeps with the charge, to find it by later (never a secret or a person's details). */
  metadata: Record<string, string>;
}

/**
 * A charge the processor made, by its own payment id: `succeeded` (the money is captured), or
 * `requires_action` (the cardholder's bank asks for them, 3-D Secure: nothing is captured until they
 * answer, with `clientSecret`, and the processor then reports the outcome).
 */
export interface ProcessorCharge {
  paymentId: string;
  status: 'succeeded' | 'requires_action';
  /** What the cardholder's page needs to answer their bank; `null` when `succeeded`. */
  clientSecret: string | null;
}

export interface RefundRequest {
  paymentId: string;
  /** Integer cents, more than zero, at most what is left of the charge. */
  amount: number;
  /**
   * The refund adjustment it is made for, kept with the processor's refund (Stripe: its
   * `metadata.adjustmentId`): a refund reported failed later names the adjustment it gives back.
   */
  adjustmentId: string;
  /** The refund's own key: a retried refund refunds once. */
  idempotencyKey: string;
}

/**
 * The card payment processor, as a port. Attaching a payment method to a customer either answers
 * the card's details or fails with `card_declined`. A charge either captures the whole amount, or
 * waits for the cardholder (`requires_action`), or fails with `card_declined` and moves nothing. A
 * refund gives back part or all of a charge. A processor that cannot be reached, or is overloaded,
 * fails with `payment_processor_unavailable` (503).
 */
export abstract class PaymentProcessor {
  /**
   * Refuses (409 `business_not_connected`) a payment for a business the processor cannot pay: before
   * anything else of the operation is done.
   */
  abstract assertCanPay(destination: { accountId: string | null; businessId: string }): void;
  abstract attachPaymentMethod(request: AttachRequest): Promise<ProcessorPaymentMethod>;
  abstract charge(request: ChargeRequest): Promise<ProcessorCharge>;
  /**
   * Takes back a charge its operation did not keep (the operation failed after it): the whole of it,
   * the platform's fee too, or, while it waits for the cardholder, cancels it so it can never be
   * captured. `charge` is `null` when the charge's answer never came: the processor is asked by the
   * request's idempotency key what became of it. Safe to repeat.
   */
  abstract undoCharge(request: ChargeRequest, charge: ProcessorCharge | null): Promise<void>;
  /**
   * Cancels a charge that waits for its cardholder (`requires_action`) so it can never be captured;
   * one they confirmed meanwhile is refunded whole, the platform's fee too. Safe to repeat.
   */
  abstract cancelWaiting(paymentId: string, idempotencyKey: string): Promise<void>;
  abstract refund(request: RefundRequest): Promise<void>;
}
