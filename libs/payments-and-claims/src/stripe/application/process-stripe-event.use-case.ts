import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents } from '@app/shared/domain';
import type { StripeEventOutcome } from '../../ledger/domain/stripe-event-outcome.js';
import { type StripeEvent, StripeEventLog, stripeString } from '../domain/stripe-events.js';
import { CardPaymentOutcome } from '../../card-payments/application/card-payment-outcome.use-case.js';
import { PayoutOutcome } from '../../payouts/application/payout-outcome.use-case.js';
import { RefundFailure } from '../../checkout/application/refund-failure.use-case.js';

/** The Stripe event types this service acts on; every other verified event is kept and answered `ignored`. */
export const STRIPE_EVENT_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payout.paid',
  'payout.failed',
  'payout.canceled',
  'refund.failed',
  'refund.updated',
  'charge.refund.updated',
] as const;

/**
 * A verified Stripe event, processed once however often it arrives: its id is kept in the database
 * transaction of what it changes, before anything else, so a second delivery (later, or at the same
 * time) finds it and changes nothing. Whatever fails rolls back the id too, so Stripe's retry of a
 * failed delivery is processed afresh.
 */
@Injectable()
export class ProcessStripeEvent {
  constructor(
    private readonly events: DomainEvents,
    private readonly log: StripeEventLog,
    private readonly payments: CardPaymentOutcome,
    private readonly payouts: PayoutOutcome,
    private readonly refunds: RefundFailure,
    private readonly clock: Clock,
  ) {}

  execute(event: StripeEvent): Promise<StripeEventOutcome> {
    return this.events.transaction(async () => {
      if (!(await this.log.recordOnce(event, this.clock.now()))) return 'duplicate';
      return this.handle(event);
    });
  }

  private handle({ type, object, account }: StripeEvent): Promise<StripeEventOutcome> | StripeEventOutcome {
    switch (type) {
      case 'payment_intent.succeeded':
        return this.payments.record(stripeString(object, 'id'), 'succeeded');
      case 'payment_intent.payment_failed':
      case 'payment_intent.canceled':
        // Cancelled: by this service, with its booking (nothing changes then), or in a cancellation that did not commit.
        return this.payments.record(stripeString(object, 'id'), 'failed');
      case 'payout.paid':
        return this.payouts.ofBankPayout(stripeString(object, 'id'), account, 'paid');
      // A payout cancelled before it left is one that failed: its money waits for the next run.
      case 'payout.failed':
      case 'payout.canceled':
        return this.payouts.ofBankPayout(stripeString(object, 'id'), account, 'failed');
      case 'refund.failed':
      case 'refund.updated':
      case 'charge.refund.updated': {
        if (stripeString(object, 'status') !== 'failed') return 'ignored';
        const metadata = (object.metadata ?? {}) as Record<string, unknown>;
        return this.refunds.record({
          paymentId: stripeString(object, 'payment_intent'),
          adjustmentId: stripeString(metadata, 'adjustmentId'),
          amount: typeof object.amount === 'number' ? object.amount : 0,
        });
      }
      default:
        return 'ignored';
    }
  }
}
