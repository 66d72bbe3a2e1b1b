import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import type { StripeEventOutcome } from '../../ledger/domain/stripe-event-outcome.js';
import { PaymentSettlement } from './payment-settlement.js';

/**
 * What became of a card payment after its check-out or link left it waiting for the payer (3-D
 * Secure, `requires_action`): Stripe's `payment_intent.succeeded`, `payment_intent.payment_failed` and `payment_intent.canceled`
 * about its PaymentIntent. Inside the caller's transaction, under the booking's lock and then the
 * payment's, in the order a check-out and a cancellation take them. Each moves the transaction's
 * `updatedAt` and records its event with the payment as the check-out shows it.
 */
@Injectable()
export class CardPaymentOutcome {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly settlement: PaymentSettlement,
    private readonly clock: Clock,
  ) {}

  /**
   * `succeeded`: settled (the next payout counts it), `payment.succeeded`, its booking paid when
   * nothing else of it is owed, its invoice and link paid. `failed`: a check-out's payment is
   * `failed` and holds nothing, so the booking stays unpaid and can be checked out again with
   * another card; a link's waits for its payer again; `payment.failed`. A payment already so, or
   * past changing (it succeeded, or its link was cancelled, before it failed), stays as it is.
   */
  async record(paymentId: string | null, outcome: 'succeeded' | 'failed'): Promise<StripeEventOutcome> {
    const found = paymentId ? await this.payments.findByProcessorPaymentId(paymentId) : null;
    if (!found) {
      this.logger.warn(`Stripe says payment ${paymentId} ${outcome}, and no payment here was made as it`);
      return 'unknown';
    }
    const { organisationId } = found;
    const booking = await this.settlement.lockBookingOf(found);
    const paymentTransaction = (await this.payments.lockPaymentTransaction(organisationId, found.id))!;
    const now = this.clock.now();
    if (!(outcome === 'succeeded' ? paymentTransaction.succeeded(now) : paymentTransaction.failed(now)))
      return 'unchanged';
    await this.payments.save(paymentTransaction);
    if (!paymentTransaction.transactionId) return 'applied';
    await this.payments.transactionChanged(organisationId, paymentTransaction.transactionId, now);
    if (outcome === 'succeeded') await this.settlement.settled(organisationId, paymentTransaction, booking);
    else await this.settlement.failed(organisationId, paymentTransaction);
    return 'applied';
  }
}
