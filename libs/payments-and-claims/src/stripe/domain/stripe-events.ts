/**
 * A Stripe event whose signature was verified: its id (`evt_…`), its type, the connected account it
 * happened on (`acct_…`; `null` on the platform's own account) and the object it is about (a
 * PaymentIntent, a Payout, a Refund), as Stripe sent it.
 */
export interface StripeEvent {
  id: string;
  type: string;
  account: string | null;
  object: Record<string, unknown>;
}

/**
 * Reads a Stripe webhook: the body's bytes exactly as they arrived and the `Stripe-Signature`
 * header. Answers the event when the signature is one of the configured endpoints' and recent;
 * otherwise throws `stripe_signature_invalid` (400), or `stripe_not_configured` (404) when no
 * signing secret is configured.
 */
export abstract class StripeEventVerifier {
  abstract verify(payload: Buffer, signature: string | undefined): StripeEvent;
}

/**
 * Stripe event ids, each kept in the database transaction of what its event changed: an id that is
 * already there names an event processed before.
 */
export abstract class StripeEventLog {
  /**
   * Inside the caller's transaction: keeps the event's id, or answers `false` when it is kept
   * already. A concurrent delivery of the same event waits here until the first one's transaction
   * ends, then answers `false` (it committed) or keeps it (it rolled back).
   */
  abstract recordOnce(event: StripeEvent, receivedAt: Date): Promise<boolean>;
  /** Forgets the ids of events received before `before`; answers how many. */
  abstract purgeBefore(before: Date): Promise<number>;
}

/** A string member of a Stripe object, or `null` (Stripe expands some members into objects). */
export function stripeString(object: Record<string, unknown>, member: string): string | null {
  const value = object[member];
  return typeof value === 'string' ? value : null;
}
