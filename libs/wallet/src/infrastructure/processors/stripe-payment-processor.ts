import Stripe from 'stripe';
import { DomainError, invalidField } from '@app/shared/domain';
import {
  type AttachRequest,
  type ChargeRequest,
  PaymentProcessor,
  type ProcessorCharge,
  type ProcessorPaymentMethod,
  type RefundRequest,
} from '../../domain/payment-processor.js';
import {
  businessNotConnected,
  cardDeclined,
  paymentProcessorUnavailable,
  unknownPaymentMethod,
} from '../../domain/wallet.errors.js';
import { replayed, unavailableOr } from './stripe-client.js';

/** Attempts at one charge whose earlier attempts were undone (a new one after each compensation) before it is refused as unavailable. */
const MAX_ATTEMPTS = 10;
const CURRENCY = 'aud';
/** A connected account's id: what `merchantId` holds with Stripe. */
const CONNECTED_ACCOUNT = /^acct_[A-Za-z0-9]+$/;

type Intent = Stripe.PaymentIntent;

/**
 * Cards, charges and refunds on Stripe (`PAYMENT_PROCESSOR=stripe`), through the official SDK.
 *
 * - A wallet card is a PaymentMethod attached to the client's Customer on the platform account
 *   (made on first use); a confirmation token's card is made and attached by a SetupIntent confirmed
 *   with it. Brand, last4 and the card's fingerprint are Stripe's.
 * - A charge is a PaymentIntent confirmed at once (`off_session` when the cardholder is not there),
 *   a destination charge to the business's connected account, with the platform's fee as its
 *   `application_fee_amount`. When the bank asks for the cardholder (3-D Secure), the charge is
 *   `requires_action` with the intent's `client_secret`: an off-session intent answers that as a
 *   402 `authentication_required` carrying the intent, an on-session one as its status.
 * - Every call carries the operation's idempotency key (plus its step). A charge whose key Stripe
 *   replays (`Idempotent-Replayed`) is the earlier attempt's: kept when it still stands, and when a
 *   compensation took it back since (refunded, or cancelled), the operation's next attempt key is
 *   used instead, so a retried request never gets a refunded charge back as paid.
 * - Stripe unreachable, or 429 or 5xx after the SDK's retries: 503 `payment_processor_unavailable`.
 */
export class StripePaymentProcessor extends PaymentProcessor {
  constructor(private readonly stripe: Stripe) {
    super();
  }

  assertCanPay(destination: { accountId: string | null; businessId: string }): void {
    if (!destination.accountId || !CONNECTED_ACCOUNT.test(destination.accountId))
      throw businessNotConnected(destination.businessId);
  }

  async attachPaymentMethod(request: AttachRequest): Promise<ProcessorPaymentMethod> {
    const prefix = 'paymentMethod';
    try {
      const customerId = request.customerId ?? (await this.newCustomer(request));
      if (request.paymentMethodId) {
        const method = await this.stripe.paymentMethods.attach(
          request.paymentMethodId,
          { customer: customerId },
          { idempotencyKey: `${request.idempotencyKey}:attach` },
        );
        return methodOf(method, customerId);
      }
      // A confirmation token holds no payment method yet: confirming a SetupIntent with it makes one,
      // checked by the card's bank and attached to the customer for later charges without the cardholder.
      const setup = await this.stripe.setupIntents.create(
        {
          customer: customerId,
          confirmation_token: request.confirmationTokenId,
          confirm: true,
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
          expand: ['payment_method'],
        },
        { idempotencyKey: `${request.idempotencyKey}:setup` },
      );
      if (setup.status !== 'succeeded' || !setup.payment_method || typeof setup.payment_method === 'string') {
        throw new DomainError(
          'payment_required',
          'card_declined',
          "The card's bank asks the cardholder to confirm it (3-D Secure) before it is saved: add it where the cardholder can confirm it.",
        );
      }
      return methodOf(setup.payment_method, customerId);
    } catch (error) {
      throw domainErrorOf(error, {
        paymentMethod: `${prefix}.paymentMethodId`,
        confirmationToken: `${prefix}.confirmationTokenId`,
        customer: `${prefix}.customerId`,
      });
    }
  }

  async charge(request: ChargeRequest): Promise<ProcessorCharge> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const answer = await this.confirm(request, attemptKey(request, attempt));
      if (!answer.replayed) return chargeOf(answer.intent);
      // An earlier attempt's answer: still standing, or taken back by a compensation since?
      const now = await this.retrieve(answer.intent.id);
      if (!undone(now)) return chargeOf(now);
    }
    throw paymentProcessorUnavailable();
  }

  async undoCharge(request: ChargeRequest, charge: ProcessorCharge | null): Promise<void> {
    try {
      // No answer came: the same call again (the same keys) tells what Stripe made of it.
      const known = charge ?? (await this.charge(request));
      await this.takeBack(
        known.paymentId,
        known.status === 'requires_action',
        `${request.idempotencyKey}:undo:${known.paymentId}`,
      );
    } catch (error) {
      // A charge that was declined, or never made, leaves nothing to undo.
      if (error instanceof DomainError && error.code === 'card_declined') return;
      throw unavailableOr(error);
    }
  }

  async cancelWaiting(paymentId: string, idempotencyKey: string): Promise<void> {
    try {
      await this.takeBack(paymentId, true, idempotencyKey);
    } catch (error) {
      throw unavailableOr(error);
    }
  }

  /** Cancels the PaymentIntent while it `waits`, or refunds it whole once captured (the platform's fee too). */
  private async takeBack(paymentId: string, waits: boolean, key: string): Promise<void> {
    if (waits) {
      const cancelled = await this.stripe.paymentIntents
        .cancel(paymentId, {}, { idempotencyKey: key })
        .catch((error: unknown) => {
          // Captured meanwhile (the cardholder answered their bank): refunded instead.
          if (
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.code === 'payment_intent_unexpected_state'
          )
            return null;
          throw error;
        });
      if (cancelled) return;
    }
    await this.stripe.refunds
      .create(
        { payment_intent: paymentId, reverse_transfer: true, refund_application_fee: true },
        { idempotencyKey: `${key}:refund` },
      )
      .catch((error: unknown) => {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded')
          return;
        throw error;
      });
  }

  async refund(request: RefundRequest): Promise<void> {
    try {
      // The connected account gives back what it received of the refunded amount; the platform keeps its fee.
      await this.stripe.refunds.create(
        {
          payment_intent: request.paymentId,
          amount: request.amount,
          reverse_transfer: true,
          metadata: { adjustmentId: request.adjustmentId },
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      throw unavailableOr(error);
    }
  }

  private async newCustomer(request: AttachRequest): Promise<string> {
    // Ids only: Stripe needs no name, email or health detail to charge a card.
    const customer = await this.stripe.customers.create(
      { metadata: { organisationId: request.owner.organisationId, clientId: request.owner.clientId } },
      { idempotencyKey: `${request.idempotencyKey}:customer` },
    );
    return customer.id;
  }

  /**
   * The PaymentIntent of one attempt, confirmed at once, and whether Stripe replayed it. A decline
   * is `card_declined`; a bank that asks for the cardholder answers the intent that waits for them.
   */
  private async confirm(
    request: ChargeRequest,
    idempotencyKey: string,
  ): Promise<{ intent: Intent; replayed: boolean }> {
    const { card, destination } = request;
    const params: Stripe.PaymentIntentCreateParams = {
      amount: request.amount,
      currency: CURRENCY,
      description: request.description,
      metadata: request.metadata,
      allowed_payment_method_types: ['card'],
      confirm: true,
      ...('customerId' in card
        ? { customer: card.customerId, payment_method: card.paymentMethodId }
        : card.paymentMethodId
          ? { payment_method: card.paymentMethodId }
          : { confirmation_token: card.confirmationTokenId }),
      ...(request.offSession && { off_session: true }),
      ...(destination.accountId && {
        transfer_data: { destination: destination.accountId },
        ...(destination.platformFeeAmount > 0 && { application_fee_amount: destination.platformFeeAmount }),
      }),
    };
    try {
      const intent = await this.stripe.paymentIntents.create(params, { idempotencyKey });
      return { intent, replayed: replayed(intent) };
    } catch (error) {
      // Off session, a bank that wants the cardholder is a 402 carrying the intent they can still confirm.
      if (
        error instanceof Stripe.errors.StripeCardError &&
        error.code === 'authentication_required' &&
        error.payment_intent?.client_secret
      ) {
        return { intent: { ...error.payment_intent, status: 'requires_action' }, replayed: replayed(error) };
      }
      const oneOff = !('customerId' in card);
      throw domainErrorOf(error, {
        paymentMethod: oneOff ? 'paymentMethodId' : 'payment.paymentMethodId',
        confirmationToken: 'confirmationTokenId',
        customer: 'payment.paymentMethodId',
        amount: oneOff ? 'amount' : 'payment',
        businessId: destination.businessId,
      });
    }
  }

  private async retrieve(id: string): Promise<Intent> {
    try {
      return await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
    } catch (error) {
      throw unavailableOr(error);
    }
  }
}

/** The key of an operation's `attempt`th charge: its own key first, then one more for each attempt a compensation took back. */
const attemptKey = (request: ChargeRequest, attempt: number): string =>
  attempt === 1 ? request.idempotencyKey : `${request.idempotencyKey}:attempt-${attempt}`;

/** Taken back since it was made: cancelled, or its charge refunded. */
function undone(intent: Intent): boolean {
  const charge = intent.latest_charge;
  return intent.status === 'canceled' || (typeof charge === 'object' && charge !== null && charge.amount_refunded > 0);
}

function chargeOf(intent: Intent): ProcessorCharge {
  switch (intent.status) {
    case 'succeeded':
      return { paymentId: intent.id, status: 'succeeded', clientSecret: null };
    // Off session, Stripe leaves such an intent waiting for a payment method: the cardholder confirms it with the same secret.
    case 'requires_action':
    case 'requires_payment_method':
      return { paymentId: intent.id, status: 'requires_action', clientSecret: intent.client_secret };
    default:
      throw new Error(
        `Stripe answered PaymentIntent ${intent.id} in status ${intent.status}, which a confirmed card payment does not take`,
      );
  }
}

function methodOf(method: Stripe.PaymentMethod, customerId: string): ProcessorPaymentMethod {
  if (!method.card) throw invalidField('paymentMethod.paymentMethodId', 'not_a_card', 'must name a card');
  return {
    paymentMethodId: method.id,
    customerId,
    brand: method.card.brand,
    last4: method.card.last4,
    cardFingerprint: method.card.fingerprint ?? method.id,
  };
}

/** A Stripe failure as the domain says it; anything not the caller's doing (a wrong key, a bug) stays as it is: a 500, logged. */
function domainErrorOf(
  error: unknown,
  fields: { paymentMethod: string; confirmationToken: string; customer: string; amount?: string; businessId?: string },
): unknown {
  if (error instanceof DomainError) return error;
  if (error instanceof Stripe.errors.StripeCardError) return cardDeclined();
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'amount_too_small') {
    return invalidField(
      fields.amount ?? 'amount',
      'amount_too_small',
      "is less than the card processor's smallest charge (50 cents)",
    );
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
    const param = error.param ?? '';
    // No param: the object the call is about (a payment method being attached) does not exist.
    if (param === '' || param === 'payment_method') return unknownPaymentMethod(fields.paymentMethod);
    if (param === 'confirmation_token') return unknownPaymentMethod(fields.confirmationToken);
    if (param === 'customer')
      return invalidField(fields.customer, 'unknown_customer', 'names no customer the processor knows');
    if (param.startsWith('transfer_data')) return businessNotConnected(fields.businessId ?? '');
  }
  return unavailableOr(error);
}
