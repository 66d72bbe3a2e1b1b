import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { PaymentsRepository } from '../domain/payments.repository.js';

/**
 * A cancelled booking's payment links that wait to be paid are cancelled with it: nothing is owed
 * for a service that will not happen, and a link's status says so rather than `open`. Inside the
 * caller's transaction (the booking's cancellation), which holds the booking's lock, the lock a
 * payer of the link takes first.
 */
@Injectable()
export class CancelBookingLinks {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, bookingId: string): Promise<void> {
    const waiting = await this.payments.lockWaitingLinksOf(organisationId, bookingId);
    if (waiting.length === 0) return;
    const now = this.clock.now();
    for (const paymentTransaction of waiting) paymentTransaction.cancelLink(now);
    await this.payments.save(...waiting);
    for (const transactionId of new Set(waiting.map((paymentTransaction) => paymentTransaction.transactionId!))) {
      await this.payments.transactionChanged(organisationId, transactionId, now);
    }
  }
}
