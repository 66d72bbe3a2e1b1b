import { Injectable } from '@nestjs/common';
import { BookingLedger, type BookingToSettle } from '@app/scheduling';
import { Clock, DomainEvents } from '@app/shared/domain';
import { type PaymentTransaction, settles } from '../../ledger/domain/payment-transaction.js';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import { InvoiceLedger } from '../../invoices/application/invoice-ledger.js';
import type { PaymentTransactionView } from '../../ledger/application/payment-transaction.queries.js';
import { type TransactionView, TransactionQueries } from '../../ledger/application/transaction.queries.js';

/**
 * What follows a card payment's outcome that came after its check-out (its link paid, 3-D Secure
 * completed or refused), inside the transaction that saved it, with its booking locked: its event,
 * with the payment as the check-out shows it, and, when it succeeded, its booking and invoice.
 */
@Injectable()
export class PaymentSettlement {
  constructor(
    private readonly events: DomainEvents,
    private readonly payments: PaymentsRepository,
    private readonly bookings: BookingLedger,
    private readonly transactions: TransactionQueries,
    private readonly invoices: InvoiceLedger,
    private readonly clock: Clock,
  ) {}

  /**
   * The payment's booking, locked as a check-out and a cancellation lock it: taken before the
   * payment's own row, in the order a cancellation takes them, so the two queue rather than deadlock.
   */
  async lockBookingOf(paymentTransaction: PaymentTransaction): Promise<BookingToSettle | null> {
    const { organisationId, transactionId } = paymentTransaction;
    const transaction = transactionId ? await this.payments.findTransaction(organisationId, transactionId) : null;
    return transaction?.bookingId ? this.bookings.lock(organisationId, transaction.bookingId) : null;
  }

  /**
   * `payment.succeeded`; its invoice settled; the booking `paid` when the payment was the last part
   * of its transaction owed and no claim of it was voided. A cancellation or no-show fee is a supply
   * of its own: paying it pays its fee invoice, never the booking's service.
   */
  async settled(
    organisationId: string,
    paymentTransaction: PaymentTransaction,
    booking: BookingToSettle | null,
  ): Promise<void> {
    const read = await this.transactions.get(organisationId, paymentTransaction.transactionId!);
    await this.events.record('payment.succeeded', organisationId, partOf(read, paymentTransaction));
    await this.invoices.settle(organisationId, read.transaction.id, this.clock.now());
    if (await this.invoices.isFee(organisationId, read.transaction.id)) return;
    if (booking && !booking.paid && settles(read.paymentTransactions.map((candidate) => candidate.paymentTransaction)))
      await this.bookings.markPaid(organisationId, booking.id);
  }

  /**
   * `payment.failed`: its booking stays as it was, unpaid. A fee's invoice stays open: the
   * cardholder may still confirm the same payment with their bank, which pays it.
   */
  async failed(organisationId: string, paymentTransaction: PaymentTransaction): Promise<void> {
    const read = await this.transactions.get(organisationId, paymentTransaction.transactionId!);
    await this.events.record('payment.failed', organisationId, partOf(read, paymentTransaction));
  }
}

const partOf = (read: TransactionView, paymentTransaction: PaymentTransaction): PaymentTransactionView =>
  read.paymentTransactions.find((candidate) => candidate.paymentTransaction.id === paymentTransaction.id)!;
