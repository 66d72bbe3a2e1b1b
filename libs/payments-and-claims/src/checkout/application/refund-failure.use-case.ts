import { Injectable, Logger } from '@nestjs/common';
import { type Cents, Clock, DomainEvents } from '@app/shared/domain';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import type { StripeEventOutcome } from '../../ledger/domain/stripe-event-outcome.js';
import { InvoiceLedger } from '../../invoices/application/invoice-ledger.js';
import { refundOf } from './refund-payment.use-case.js';

/** What Stripe's refund events say of one of its refunds. */
export interface ProcessorRefund {
  /** The PaymentIntent refunded (`pi_…`). */
  paymentId: string | null;
  /** The refund's `metadata.adjustmentId`: the refund adjustment it was made for, when it was given one. */
  adjustmentId: string | null;
  amount: Cents;
}

/**
 * A refund the processor could not make after all (Stripe's `refund.failed`, or a refund update
 * whose status is `failed`): the patient got nothing back, so the business keeps the money. The
 * refund stays on the payment, and a `refund_failed` adjustment of plus its amount gives it back,
 * counted by the next payout as the refund was; the invoice's `amountRefunded` goes down by it, and
 * `refund.failed` carries the refund as `refund.created` did. A refund is given back once, however
 * many events say it failed. Inside the caller's transaction, under the payment's row lock.
 */
@Injectable()
export class RefundFailure {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly events: DomainEvents,
    private readonly payments: PaymentsRepository,
    private readonly invoices: InvoiceLedger,
    private readonly clock: Clock,
  ) {}

  async record(refund: ProcessorRefund): Promise<StripeEventOutcome> {
    const found = refund.paymentId ? await this.payments.findByProcessorPaymentId(refund.paymentId) : null;
    if (!found) {
      this.logger.warn(
        `Stripe says a refund of payment ${refund.paymentId} failed, and no payment here was made as it`,
      );
      return 'unknown';
    }
    const { organisationId } = found;
    const paymentTransaction = (await this.payments.lockPaymentTransaction(organisationId, found.id))!;
    const now = this.clock.now();
    const failed = paymentTransaction.refundFailed(refund.adjustmentId, refund.amount, now);
    if (!failed) return 'unchanged';
    await this.payments.save(paymentTransaction);
    if (paymentTransaction.transactionId)
      await this.payments.transactionChanged(organisationId, paymentTransaction.transactionId, now);
    await this.events.record('refund.failed', organisationId, refundOf(failed));
    if (paymentTransaction.transactionId)
      await this.invoices.refundFailed(organisationId, paymentTransaction.transactionId, failed.id, now);
    return 'applied';
  }
}
