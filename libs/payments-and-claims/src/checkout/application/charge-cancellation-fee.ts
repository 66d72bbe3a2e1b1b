import { Injectable } from '@nestjs/common';
import { AppConfig, operationKey } from '@app/shared';
import { type Cents, Clock, DomainEvents, type Undo } from '@app/shared/domain';
import { CardCharges } from '@app/wallet';
import { platformFeeOf } from '../../ledger/domain/checkout-items.js';
import { PaymentTransaction } from '../../ledger/domain/payment-transaction.js';
import { feeOnTopOfPayment, paymentRequiresAction } from '../../ledger/domain/payments.errors.js';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import { Transaction } from '../../ledger/domain/transaction.js';
import { BookingParties, clientNameOf } from '../../ledger/application/booking-parties.js';
import { TransactionQueries } from '../../ledger/application/transaction.queries.js';
import { InvoiceLedger } from '../../invoices/application/invoice-ledger.js';

/** Which fee of the cancellation policy: a cancellation's, or a no-show's (the same fee, charged once a booking was missed). */
export type BookingFeeKind = 'cancellation' | 'no_show';

const DESCRIPTIONS: Record<BookingFeeKind, string> = {
  cancellation: 'Cancellation fee',
  no_show: 'Non-attendance fee',
};

/** The booking a cancellation or no-show fee is charged for. */
export interface FeeBooking {
  id: string;
  clientId: string;
  providerId: string;
  locationId: string;
  appointmentTypeId: string;
  paymentMethodId: string;
  serviceDate: Date;
}

/**
 * A cancellation (or no-show) fee as its own Transaction: one item, charged to the booking's card,
 * with an invoice of its own (a fee is a supply apart from the service, GST-free as the service is),
 * inside the caller's database transaction (the booking's cancellation, or its marking as a
 * no-show), so a declined card changes nothing.
 * The charge is outside the database: once it succeeds, its refund goes on `undo`, which the caller
 * runs if its transaction does not commit. A booking that already holds money for its service is
 * never charged a fee on top: the practice keeps its fee out of what was paid, by refunding the rest.
 */
@Injectable()
export class ChargeCancellationFee {
  constructor(
    private readonly events: DomainEvents,
    private readonly payments: PaymentsRepository,
    private readonly charges: CardCharges,
    private readonly parties: BookingParties,
    private readonly transactions: TransactionQueries,
    private readonly invoices: InvoiceLedger,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * Refuses a fee for a booking that is paid, or holds part of its price (a void left the card
   * payment): whatever the fee window, so the answer does not change with the time it is asked.
   * Inside the caller's transaction, after the booking's lock (check-outs of it wait).
   */
  async assertNothingPaid(
    organisationId: string,
    booking: { id: string; paid: boolean },
    kind: BookingFeeKind,
  ): Promise<void> {
    const { held, awaitingCardholder } = await this.payments.earlierCheckOutsOf(
      organisationId,
      booking.id,
      this.clock.now(),
    );
    if (booking.paid || held > 0) throw feeOnTopOfPayment(booking.id, held, kind);
    // A card payment for its service may still be captured: a fee now could be money taken on top of it.
    if (awaitingCardholder) throw paymentRequiresAction(`Booking ${booking.id}'s check-out`);
  }

  async charge(
    organisationId: string,
    booking: FeeBooking,
    fee: { kind: BookingFeeKind; amount: Cents },
    undo: Undo,
  ): Promise<void> {
    const { amount } = fee;
    const description = DESCRIPTIONS[fee.kind];
    const read = await this.parties.read(organisationId, booking);
    const businessId = read.location.businessId;
    // The client's name as the transaction keeps it (an archived client's too: its bookings stay its own).
    const clientName = clientNameOf(read.client);
    const now = this.clock.now();
    const transaction = Transaction.create(
      organisationId,
      {
        businessId,
        bookingId: booking.id,
        clientId: booking.clientId,
        clientName,
        paymentMethodId: booking.paymentMethodId,
        serviceProviderId: booking.providerId,
        locationId: booking.locationId,
        items: [
          {
            chargeAmount: amount,
            description,
            clinicalCode: null,
            itemCode: null,
            billableItemId: null,
            appointmentTypeId: booking.appointmentTypeId,
            billableItem: null,
            taxRate: 0,
          },
        ],
      },
      now,
    );
    const platformFeeAmount = platformFeeOf(amount, this.config.platformFeeBasisPoints);
    const accountId = await this.parties.merchantIdOf(businessId);
    this.charges.assertCanPay({ accountId, businessId });
    const charged = await this.charges.charge(
      organisationId,
      booking.paymentMethodId,
      {
        amount,
        description: `${description}, booking ${booking.id}`,
        destination: { businessId, accountId, platformFeeAmount },
        idempotencyKey: operationKey(transaction.id, `${fee.kind}-fee-charge`),
        metadata: { organisationId, bookingId: booking.id },
      },
      undo,
      'paymentMethodId',
    );
    const owner = { organisationId, businessId: transaction.businessId, transactionId: transaction.id };
    const payment = PaymentTransaction.forCharge(
      owner,
      charged,
      booking.paymentMethodId,
      amount,
      platformFeeAmount,
      now,
    );
    const billing = this.invoices.feeInvoice(booking, transaction, payment, read, now);
    await this.payments.addCheckOut({
      transaction,
      claims: [],
      medicareClaims: [],
      paymentTransactions: [payment],
      invoice: billing.issued,
    });
    const written = await this.transactions.get(organisationId, transaction.id);
    await this.events.record('transaction.created', organisationId, written);
    // One waiting for its cardholder's bank is recorded when the processor says it succeeded.
    if (payment.isSettled())
      await this.events.record('payment.succeeded', organisationId, written.paymentTransactions[0]);
    await this.events.recordAll(await this.invoices.billed(billing, [payment], now));
  }
}
