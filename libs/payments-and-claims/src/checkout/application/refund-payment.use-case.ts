import { Injectable } from '@nestjs/common';
import { operationKey } from '@app/shared';
import { Clock, DomainEvents } from '@app/shared/domain';
import { CardCharges } from '@app/wallet';
import { type AdjustmentTransaction, REFUND } from '../../ledger/domain/payment-transaction.js';
import { InvoiceLedger } from '../../invoices/application/invoice-ledger.js';
import {
  notACardPayment,
  paymentRequiresAction,
  paymentTransactionNotFound,
  refundExceedsPayment,
} from '../../ledger/domain/payments.errors.js';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';

/** A refund's answer: the adjustment, without the payout that will count it or the reason it was given. */
export type Refund = Pick<AdjustmentTransaction, 'id' | 'createdAt' | 'source' | 'amount'>;

export const refundOf = (adjustment: AdjustmentTransaction): Refund => ({
  id: adjustment.id,
  createdAt: adjustment.createdAt,
  source: adjustment.source,
  amount: adjustment.amount,
});

/**
 * Gives back part or all of a card payment through the processor, as an adjustment of minus the
 * amount on its payment transaction, counted by the next payout (the one that takes the payment,
 * or a later one). Refunds of one payment never add up to more than it.
 */
@Injectable()
export class RefundPayment {
  constructor(
    private readonly events: DomainEvents,
    private readonly payments: PaymentsRepository,
    private readonly charges: CardCharges,
    private readonly invoices: InvoiceLedger,
    private readonly clock: Clock,
  ) {}

  async execute(
    organisationId: string,
    paymentTransactionId: string,
    amount: number,
    reason: string | null,
  ): Promise<Refund> {
    return this.events.transaction(async () => {
      // The payment's row lock: two refunds of one payment count each other's amounts.
      const paid = await this.payments.lockPaymentTransaction(organisationId, paymentTransactionId);
      if (!paid) throw paymentTransactionNotFound(paymentTransactionId);
      // Nothing of it was captured yet: there is nothing to give back.
      if (paid.awaitsCardholder()) throw paymentRequiresAction(`Payment transaction ${paid.id}`);
      if (paid.source !== 'payment' || !paid.payment || !paid.isSettled() || paid.amount === 0)
        throw notACardPayment(paid.id);
      const refunded = paid.refunded();
      if (amount > paid.amount - refunded) throw refundExceedsPayment(paid.amount - refunded);
      const now = this.clock.now();
      const adjustment = paid.adjust({
        source: REFUND,
        amount: -amount,
        createdAt: now.toISOString(),
        ...(reason ? { reason } : {}),
      });
      await this.payments.save(paid);
      if (paid.transactionId) await this.payments.transactionChanged(organisationId, paid.transactionId, now);
      const answer = refundOf(adjustment);
      await this.events.record('refund.created', organisationId, answer);
      if (paid.transactionId)
        await this.invoices.refunded(organisationId, paid.transactionId, { id: adjustment.id, amount }, now);
      // Last, with everything else written: when the processor refuses, nothing is kept, and once it
      // has given the money back only the commit is left to fail (money cannot be taken back unasked).
      // Keyed by the request's Idempotency-Key when it has one: a refund retried after a commit that failed refunds once.
      await this.charges.refund({
        paymentId: paid.payment.id,
        amount,
        adjustmentId: adjustment.id,
        idempotencyKey: operationKey(adjustment.id, 'refund'),
      });
      return answer;
    });
  }
}
