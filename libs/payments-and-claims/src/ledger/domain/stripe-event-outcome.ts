/**
 * What acting on one of Stripe's events did to the records, as the webhook's answer says it. The
 * rooms that act on such an event (a card payment's, a payout's, a refund's outcome) answer it; the
 * stripe room receives the events and hands each to them.
 */
export type StripeEventOutcome =
  /** It changed what it is about (a payment settled, a payout paid). */
  | 'applied'
  /** It is about something this service knows, which is already as it says (a payment succeeded before). */
  | 'unchanged'
  /** It names a payment, payout or refund this service does not know; logged. */
  | 'unknown'
  /** A type this service does not act on. */
  | 'ignored'
  /** Processed when it first arrived: Stripe sent it again. */
  | 'duplicate';
