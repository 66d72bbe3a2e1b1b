import { Injectable } from '@nestjs/common';
import { PaymentsRepository } from '../domain/payments.repository.js';

/**
 * A cancelled booking's payment links that wait to be paid are cancelled with it: nothing is owed
 * for a service that will not happen, and a link's status says so rather than `open`. Inside the
 * caller's transaction (the booking's cancellation), which holds the booking's lock, the lock a
 * payer of the link takes first.
 */
@Injectable()
export class CancelBookingLinks {
  constructor(private readonly payments: PaymentsRepository) {}

  async execute(organisationId: string, bookingId: string): Promise<void> {
    const waiting = await this.payments.lockWaitingLinksOf(organisationId, bookingId);
    if (waiting.length === 0) return;
    for (const paymentTransaction of waiting) paymentTransaction.cancelLink();
    await this.payments.save(...waiting);
  }
}
