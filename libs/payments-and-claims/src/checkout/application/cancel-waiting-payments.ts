import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { CardCharges } from '@app/wallet';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';

/**
 * A cancelled booking's payments that wait for a payer are cancelled with it: nothing is owed for a
 * service that will not happen. A payment link still to be paid becomes `cancelled`; a card payment
 * waiting for the payer's bank (3-D Secure) becomes `canceled`, and its charge is cancelled at the
 * processor so it can never be captured (one the payer confirmed meanwhile is refunded whole).
 * Inside the caller's transaction (the booking's cancellation), which holds the booking's lock, the
 * lock a payer of the link and the processor's report of the payment take first.
 */
@Injectable()
export class CancelWaitingPayments {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly charges: CardCharges,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, bookingId: string): Promise<void> {
    const waiting = await this.payments.lockWaitingPaymentsOf(organisationId, bookingId);
    if (waiting.length === 0) return;
    const now = this.clock.now();
    const charges = waiting
      .filter((paymentTransaction) => paymentTransaction.awaitsCardholder())
      .map((paymentTransaction) => paymentTransaction.payment!.id);
    for (const paymentTransaction of waiting)
      if (!paymentTransaction.cancelWaitingCharge(now)) paymentTransaction.cancelLink(now);
    await this.payments.save(...waiting);
    for (const transactionId of new Set(waiting.map((paymentTransaction) => paymentTransaction.transactionId!))) {
      await this.payments.transactionChanged(organisationId, transactionId, now);
    }
    // Last, as nothing undoes it: should the cancellation not commit, the processor reports the
    // charge cancelled (`payment_intent.canceled`), which leaves the payment failed, not waiting.
    for (const paymentId of charges) await this.charges.cancelWaiting(paymentId, `cancel_${paymentId}`);
  }
}
