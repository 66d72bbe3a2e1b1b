import Stripe from 'stripe';
import { Clock, DomainError } from '@app/shared/domain';
import { type StripeEvent, StripeEventVerifier } from '../../domain/stripe-events.js';

/**
 * Verifies `Stripe-Signature` with Stripe's own SDK (`webhooks.constructEvent`): an HMAC-SHA256 of
 * the timestamp and the body with an endpoint's signing secret, no older than the SDK's tolerance
 * (300 s) by this service's clock. Each configured secret is tried: the platform account's endpoint
 * and the Connect endpoint sign with secrets of their own.
 */
export class SdkStripeEventVerifier extends StripeEventVerifier {
  constructor(
    private readonly secrets: readonly string[],
    private readonly clock: Clock,
  ) {
    super();
  }

  verify(payload: Buffer, signature: string | undefined): StripeEvent {
    if (this.secrets.length === 0) throw stripeNotConfigured();
    if (!signature) throw signatureInvalid('The request has no Stripe-Signature header.');
    // In milliseconds: the SDK makes seconds of it.
    const receivedAt = this.clock.now().getTime();
    const failures: unknown[] = [];
    for (const secret of this.secrets) {
      let event: unknown;
      try {
        event = Stripe.webhooks.constructEvent(payload, signature, secret, undefined, undefined, receivedAt);
      } catch (error) {
        failures.push(error);
        continue;
      }
      return eventOf(event);
    }
    // Signed, but not JSON: only someone holding a secret could send it.
    if (failures.some((failure) => failure instanceof SyntaxError)) throw notAnEvent();
    throw signatureInvalid(
      'The Stripe-Signature header does not verify: it is not signed with a configured webhook secret, or its timestamp is too old.',
    );
  }
}

function eventOf(event: unknown): StripeEvent {
  const { id, type, account, data } = (event ?? {}) as Record<string, unknown>;
  const object = (data as Record<string, unknown> | undefined)?.object;
  if (typeof id !== 'string' || typeof type !== 'string' || typeof object !== 'object' || object === null)
    throw notAnEvent();
  return { id, type, account: typeof account === 'string' ? account : null, object: object as Record<string, unknown> };
}

const signatureInvalid = (message: string): DomainError =>
  new DomainError('validation', 'stripe_signature_invalid', message);

const notAnEvent = (): DomainError =>
  new DomainError('validation', 'malformed_json', 'The request body is not a Stripe event.');

const stripeNotConfigured = (): DomainError =>
  new DomainError(
    'not_found',
    'stripe_not_configured',
    "Stripe's webhooks are not received here: this service has no Stripe webhook secret (STRIPE_WEBHOOK_SECRET, with PAYMENT_PROCESSOR=stripe).",
  );
