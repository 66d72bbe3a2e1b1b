import { Injectable } from '@nestjs/common';
import type { BookingToSettle } from '@app/scheduling';
import { operationKey } from '@app/shared';
import { Clock, DomainError, DomainEvents, newUuid, Undo } from '@app/shared/domain';
import { CardCharges } from '@app/wallet';
import {
  bookingAlreadyPaid,
  bookingCancelled,
  paymentLinkCancelled,
  paymentLinkExpired,
  paymentLinkNotFound,
  paymentLinkPaid,
  paymentRequiresAction,
} from '../../ledger/domain/payments.errors.js';
import { type LinkToken, PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import { failedPaymentView } from '../../card-payments/application/failed-payment.js';
import { type LinkView, PaymentLinkViews } from './payment-link-views.js';
import type { PaymentTransactionView } from '../../ledger/application/payment-transaction.queries.js';
import { tokenHashOf } from './payment-links.js';
import { BookingParties } from '../../ledger/application/booking-parties.js';
import { PaymentSettlement } from '../../card-payments/application/payment-settlement.js';

/** Reading and paying a payment link by its token (public: the token is the only key). */
@Injectable()
export class PayByLink {
  constructor(
    private readonly events: DomainEvents,
    private readonly payments: PaymentsRepository,
    private readonly charges: CardCharges,
    private readonly views: PaymentLinkViews,
    private readonly settlement: PaymentSettlement,
    private readonly parties: BookingParties,
    private readonly clock: Clock,
  ) {}

  async view(token: string): Promise<LinkView> {
    const found = await this.find(token);
    const paymentTransaction = await this.payments.findPaymentTransaction(
      found.organisationId,
      found.paymentTransactionId,
    );
    return this.views.of(found, paymentTransaction!);
  }

  async pay(token: string, card: { paymentMethodId?: string; confirmationTokenId?: string }): Promise<LinkView> {
    const undo = new Undo();
    const failures: { organisationId: string; payment: PaymentTransactionView }[] = [];
    try {
      return await this.events.transaction(async () => {
        const found = await this.find(token);
        // The booking's lock first, then the link's: the order a cancellation takes them in, so a
        // payer and a cancellation queue rather than deadlock. Two payers of one link queue too, and
        // the second sees the first's payment.
        const booking = await this.lockBookingOf(found);
        const paymentTransaction = (await this.payments.lockPaymentTransaction(
          found.organisationId,
          found.paymentTransactionId,
        ))!;
        const now = this.clock.now();
        const status = paymentTransaction.linkStatus(found.expiresAt, now);
        if (status === 'paid') throw paymentLinkPaid();
        // A booking's cancellation cancels its links, and so does marking its client a no-show.
        if (booking?.cancelled) throw bookingCancelled(booking.id);
        if (status === 'cancelled') throw paymentLinkCancelled();
        if (status === 'expired') throw paymentLinkExpired();
        // Paid some other way since its check-out.
        if (booking?.paid) throw bookingAlreadyPaid(booking.id);
        // Tried already, and waiting for the payer to answer their bank: that payment may still be captured.
        if (paymentTransaction.awaitsCardholder()) throw paymentRequiresAction(`Payment link ${found.linkId}`);
        const accountId = await this.parties.merchantIdOf(paymentTransaction.businessId);
        this.charges.assertCanPay({ accountId, businessId: paymentTransaction.businessId });
        const charged = await this.charges
          .chargeOnce(
            card,
            {
              amount: paymentTransaction.amount,
              description: `Payment link ${found.linkId}`,
              destination: {
                businessId: paymentTransaction.businessId,
                accountId,
                platformFeeAmount: paymentTransaction.platformFeeAmount,
              },
              // Each attempt at a link is its own (another card after a decline), unless it retries a request.
              idempotencyKey: operationKey(`${paymentTransaction.id}_${newUuid()}`, 'payment-link-charge'),
              metadata: { organisationId: found.organisationId, paymentLinkId: found.linkId },
            },
            undo,
          )
          .catch((error: unknown) => {
            if (error instanceof DomainError && error.code === 'card_declined') {
              failures.push({
                organisationId: found.organisationId,
                payment: failedPaymentView(paymentTransaction, null, paymentTransaction.amount, now),
              });
            }
            throw error;
          });
        paymentTransaction.payByLink(charged, now);
        await this.payments.save(paymentTransaction);
        await this.payments.transactionChanged(found.organisationId, paymentTransaction.transactionId!, now);
        // Waiting for the payer's bank: paid, and settled, when the processor says it succeeded.
        if (paymentTransaction.isSettled())
          await this.settlement.settled(found.organisationId, paymentTransaction, booking);
        return this.views.of(found, paymentTransaction);
      });
    } catch (error) {
      await undo.run();
      // Kept although nothing else is: the practice sees the attempt.
      for (const failure of failures)
        await this.events.transaction(() =>
          this.events.record('payment.failed', failure.organisationId, failure.payment),
        );
      throw error;
    }
  }

  /** The link's booking, locked as a check-out and a cancellation lock it: a link pays only a booking still owed. */
  private async lockBookingOf(found: LinkToken): Promise<BookingToSettle | null> {
    const paymentTransaction = await this.payments.findPaymentTransaction(
      found.organisationId,
      found.paymentTransactionId,
    );
    return paymentTransaction && this.settlement.lockBookingOf(paymentTransaction);
  }

  private async find(token: string): Promise<LinkToken> {
    const found = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await this.payments.findLinkToken(tokenHashOf(token)) : null;
    if (!found) throw paymentLinkNotFound();
    return found;
  }
}
