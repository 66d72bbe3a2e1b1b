import { Injectable } from '@nestjs/common';
import { BookingLedger, type BookingToSettle } from '@app/scheduling';
import { Clock, DomainError, DomainEvents, Undo } from '@app/shared/domain';
import { CardCharges } from '@app/wallet';
import { type PaymentTransaction, settles } from '../domain/payment-transaction.js';
import { bookingAlreadyPaid, bookingCancelled, paymentLinkExpired, paymentLinkNotFound, paymentLinkPaid } from '../domain/payments.errors.js';
import { type LinkToken, PaymentsRepository } from '../domain/payments.repository.js';
import { failedPaymentView } from './failed-payment.js';
import { type LinkView, PaymentLinkViews } from './payment-link-views.js';
import type { PaymentTransactionView } from './payment-transaction.queries.js';
import { tokenHashOf } from './payment-links.js';
import { InvoiceLedger } from './invoice-ledger.js';
import { TransactionQueries } from './transaction.queries.js';

/** Reading and paying a payment link by its token (public: the token is the only key). */
@Injectable()
export class PayByLink {
  constructor(
    private readonly events: DomainEvents,
    private readonly payments: PaymentsRepository,
    private readonly charges: CardCharges,
    private readonly bookings: BookingLedger,
    private readonly views: PaymentLinkViews,
    private readonly transactions: TransactionQueries,
    private readonly invoices: InvoiceLedger,
    private readonly clock: Clock,
  ) {}

  async view(token: string): Promise<LinkView> {
    const found = await this.find(token);
    const paymentTransaction = await this.payments.findPaymentTransaction(found.organisationId, found.paymentTransactionId);
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
        const paymentTransaction = (await this.payments.lockPaymentTransaction(found.organisationId, found.paymentTransactionId))!;
        const now = this.clock.now();
        const status = paymentTransaction.linkStatus(found.expiresAt, now);
        if (status === 'paid') throw paymentLinkPaid();
        // Only a booking's cancellation cancels a link, so a cancelled link has a booking.
        if (status === 'cancelled' || booking?.cancelled) throw bookingCancelled(booking!.id);
        if (status === 'expired') throw paymentLinkExpired();
        // Paid some other way since its check-out.
        if (booking?.paid) throw bookingAlreadyPaid(booking.id);
        const charged = await this.charges.chargeOnce(card, paymentTransaction.amount, `Payment link ${found.linkId}`).catch((error: unknown) => {
          if (error instanceof DomainError && error.code === 'card_declined') {
            failures.push({ organisationId: found.organisationId, payment: failedPaymentView(paymentTransaction, null, paymentTransaction.amount, now) });
          }
          throw error;
        });
        undo.add(() => this.charges.refund(charged.paymentId, paymentTransaction.amount));
        paymentTransaction.payByLink(charged.paymentId, now);
        await this.payments.save(paymentTransaction);
        await this.payments.transactionChanged(found.organisationId, paymentTransaction.transactionId!, now);
        await this.settle(found.organisationId, paymentTransaction);
        return this.views.of(found, paymentTransaction);
      });
    } catch (error) {
      await undo.run();
      // Kept although nothing else is: the practice sees the attempt.
      for (const failure of failures) await this.events.transaction(() => this.events.record('payment.failed', failure.organisationId, failure.payment));
      throw error;
    }
  }

  /** The link's booking, locked as a check-out and a cancellation lock it: a link pays only a booking still owed. */
  private async lockBookingOf(found: LinkToken): Promise<BookingToSettle | null> {
    const paymentTransaction = await this.payments.findPaymentTransaction(found.organisationId, found.paymentTransactionId);
    const transaction = paymentTransaction && (await this.payments.findTransaction(found.organisationId, paymentTransaction.transactionId!));
    return transaction?.bookingId ? this.bookings.lock(found.organisationId, transaction.bookingId) : null;
  }

  /** The link paid the last part of its transaction (and no claim of it was voided): the booking is paid. */
  private async settle(organisationId: string, paymentTransaction: PaymentTransaction): Promise<void> {
    const read = await this.transactions.get(organisationId, paymentTransaction.transactionId!);
    const part = read.paymentTransactions.find((candidate) => candidate.paymentTransaction.id === paymentTransaction.id)!;
    await this.events.record('payment.succeeded', organisationId, part);
    if (settles(read.paymentTransactions.map((candidate) => candidate.paymentTransaction)) && read.transaction.bookingId)
      await this.bookings.markPaid(organisationId, read.transaction.bookingId);
    await this.invoices.settle(organisationId, read.transaction.id, this.clock.now());
  }

  private async find(token: string): Promise<LinkToken> {
    const found = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await this.payments.findLinkToken(tokenHashOf(token)) : null;
    if (!found) throw paymentLinkNotFound();
    return found;
  }
}
