import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import { Clock, DomainError, DomainEvents, type EventType, invalidField, sumCents, Undo, validationFailed } from '@app/shared/domain';
import { gapAfterClaims, openBeforeClaims } from '../domain/booking-balance.js';
import { BookingLedger, type BookingToSettle } from '@app/scheduling';
import { CardCharges } from '@app/wallet';
import type { Claim } from '../domain/claim.js';
import { type CheckOutItem, checkOutItems, platformFeeOf } from '../domain/checkout-items.js';
import type { MedicareClaim } from '../domain/medicare-claim.js';
import { PaymentTransaction } from '../domain/payment-transaction.js';
import { bookingAlreadyClaimed, bookingAlreadyPaid, bookingCancelled, gapNotCovered, paymentLinkOpen } from '../domain/payments.errors.js';
import { PaymentsRepository } from '../domain/payments.repository.js';
import { Transaction, type TransactionItem } from '../domain/transaction.js';
import { BookingParties } from './booking-parties.js';
import { InvoiceLedger } from './invoice-ledger.js';
import { claimableItems, ClaimFiling, type FundClaimCommand, type MedicareClaimCommand } from './claim-filing.js';
import { PaymentLinks } from './payment-links.js';
import { type TransactionView, TransactionQueries } from './transaction.queries.js';
import type { ClaimRejection, FiledClaim, FiledMedicareClaim } from './claim-views.js';
import { failedPaymentView } from './failed-payment.js';

export interface CheckOutCommand {
  items?: CheckOutItem[];
  healthFundClaim?: FundClaimCommand;
  medicareClaim?: MedicareClaimCommand;
  payment?: { paymentMethodId: string };
  paymentLink?: { expiresInHours?: number };
}

/** What was done outside the database and must be undone if the check-out does not commit. */
interface Compensations {
  undo: Undo;
  /** Events that stay even when the check-out rolls back (a declined card, a rejected claim). */
  failures: { type: EventType; resource: object }[];
}

/** A check-out on its way: what its steps read, and what each leaves to the next. */
interface CheckOut {
  organisationId: string;
  booking: BookingToSettle;
  command: CheckOutCommand;
  items: Omit<TransactionItem, 'id'>[];
  transaction: Transaction;
  /** What is left to pay of each item once the claims so far took their part. */
  remaining: number[];
  providerNumber: string;
  compensations: Compensations;
  now: Date;
}

/**
 * Takes the money for a booking: the Medicare claim, then the health fund claim on what Medicare
 * left, then the card for the gap, less what earlier check-outs of the booking still hold. All of
 * it commits in one database transaction with its events, or none of it does and the claims
 * approved on the way are reversed.
 */
@Injectable()
export class CheckOutBooking {
  constructor(
    private readonly events: DomainEvents,
    private readonly bookings: BookingLedger,
    private readonly parties: BookingParties,
    private readonly payments: PaymentsRepository,
    private readonly claims: ClaimFiling,
    private readonly charges: CardCharges,
    private readonly links: PaymentLinks,
    private readonly transactions: TransactionQueries,
    private readonly invoices: InvoiceLedger,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, bookingId: string, command: CheckOutCommand): Promise<TransactionView> {
    if (!command.healthFundClaim && !command.medicareClaim && !command.payment && !command.paymentLink) {
      throw validationFailed([{ field: 'payment', code: 'required', message: 'send at least one of healthFundClaim, medicareClaim, payment, paymentLink' }]);
    }
    const compensations: Compensations = { undo: new Undo(), failures: [] };
    try {
      return await this.events.transaction(() => this.checkOut(organisationId, bookingId, command, compensations));
    } catch (error) {
      await compensations.undo.run();
      if (compensations.failures.length > 0) {
        await this.events.transaction(async () => {
          for (const failure of compensations.failures) await this.events.record(failure.type, organisationId, failure.resource);
        });
      }
      throw error;
    }
  }

  private async checkOut(organisationId: string, bookingId: string, command: CheckOutCommand, compensations: Compensations): Promise<TransactionView> {
    const booking = await this.bookings.lock(organisationId, bookingId);
    const earlier = await this.assertCanCheckOut(organisationId, booking, command);
    const items = checkOutItems(booking, command.items);
    openBeforeClaims(booking.id, sumCents(items.map((item) => item.chargeAmount)), earlier.held);
    const now = this.clock.now();
    const providerNumber = await this.providerNumberFor(organisationId, booking, command);
    const transaction = await this.newTransaction(organisationId, booking, command, items, now);
    const checkOut: CheckOut = {
      organisationId,
      booking,
      command,
      items,
      transaction,
      remaining: items.map((item) => item.chargeAmount),
      providerNumber,
      compensations,
      now,
    };

    const medicareClaim = command.medicareClaim ? await this.claimMedicare(checkOut, command.medicareClaim) : null;
    const fundClaim = command.healthFundClaim ? await this.claimHealthFund(checkOut, command.healthFundClaim) : null;

    const owner = { organisationId, businessId: transaction.businessId, transactionId: transaction.id };
    const paymentTransactions: PaymentTransaction[] = [];
    // Only a bulk bill's benefit is paid to the business; a patient claim's goes to the patient.
    if (medicareClaim && command.medicareClaim?.type === 'bulk_bill')
      paymentTransactions.push(PaymentTransaction.forMedicareClaim(owner, medicareClaim, 0, now));
    if (fundClaim) paymentTransactions.push(PaymentTransaction.forHealthFundClaim(owner, fundClaim, 0, now));
    const gap = gapAfterClaims(booking.id, sumCents(checkOut.remaining), earlier.held);
    const link = gap > 0 && !command.payment && command.paymentLink ? this.links.make(owner, gap, command.paymentLink.expiresInHours, now) : null;
    if (link) paymentTransactions.push(link.paymentTransaction);
    else if (gap > 0) paymentTransactions.push(await this.charge(organisationId, owner, command, gap, booking, compensations, now));
    transaction.paymentMethodId = command.payment && gap > 0 ? command.payment.paymentMethodId : null;

    // The transaction first: its payment transactions name it, and the ORM does not know they do.
    await this.payments.save(transaction);
    await this.payments.save(...(fundClaim ? [fundClaim] : []), ...(medicareClaim ? [medicareClaim] : []), ...paymentTransactions);
    const invoice = await this.invoices.issue(booking, transaction, paymentTransactions, now);
    if (link) await this.payments.addLinkToken(link.token);
    else await this.bookings.markPaid(organisationId, booking.id);
    const answer = await this.recordEvents(organisationId, transaction.id);
    await this.invoices.announce(invoice);
    return answer;
  }

  /**
   * A booking is checked out once: not cancelled, not paid, no link of an earlier check-out still
   * to pay, no claim made twice, and only its client's cards. Answers what earlier check-outs hold.
   */
  private async assertCanCheckOut(organisationId: string, booking: BookingToSettle, command: CheckOutCommand) {
    if (booking.cancelled) throw bookingCancelled(booking.id);
    if (booking.paid) throw bookingAlreadyPaid(booking.id);
    // An earlier check-out that left a link to pay is not done yet; one whose claims stand (the link
    // expired unpaid, or another part was voided) is not claimed again: the fund would pay twice.
    const earlier = await this.payments.earlierCheckOutsOf(organisationId, booking.id, this.clock.now());
    if (earlier.openLinkUntil) throw paymentLinkOpen(booking.id, earlier.openLinkUntil);
    if (command.healthFundClaim && earlier.healthFundClaimed) throw bookingAlreadyClaimed(booking.id, 'healthFundClaim', 'a health fund');
    if (command.medicareClaim && earlier.medicareClaimed) throw bookingAlreadyClaimed(booking.id, 'medicareClaim', 'a Medicare');
    await this.parties.assertClientsCards(organisationId, booking, [
      { field: 'healthFundClaim.healthFundCardId', id: command.healthFundClaim?.healthFundCardId, type: 'health_fund_card' },
      { field: 'medicareClaim.patientMedicareCardId', id: command.medicareClaim?.patientMedicareCardId, type: 'medicare_card' },
      { field: 'medicareClaim.claimantMedicareCardId', id: command.medicareClaim?.claimantMedicareCardId, type: 'medicare_card' },
      { field: 'payment.paymentMethodId', id: command.payment?.paymentMethodId, type: 'payment_method' },
    ]);
    return earlier;
  }

  /** Medicare first, on the whole fee of each item it covers. */
  private async claimMedicare(checkOut: CheckOut, command: MedicareClaimCommand): Promise<MedicareClaim> {
    const { organisationId, transaction, remaining, compensations } = checkOut;
    const claimable = this.claimable(checkOut, 'medicareClaim');
    const approved = await this.claims
      .medicareClaim(
        organisationId,
        transaction.id,
        command,
        checkOut.providerNumber,
        claimable.map((entry) => entry.item),
        checkOut.now,
      )
      .catch((error: unknown) => this.rejected(error, compensations, 'medicare_claim.rejected'));
    compensations.undo.add(() => this.claims.reverseMedicare(approved));
    claimable.forEach(({ index }, position) => {
      const claimItem = approved.items[position];
      // A bulk bill lowers the charge to the benefit; a patient claim leaves it.
      transaction.items[index].chargeAmount -= remaining[index] - claimItem.chargeAmount;
      // A patient claim's benefit is paid to the patient, who still owes the practice the whole fee.
      if (command.type === 'bulk_bill') remaining[index] = claimItem.chargeAmount - claimItem.rebateAmount;
    });
    transaction.amount = sumCents(transaction.items.map((item) => item.chargeAmount));
    return approved;
  }

  /** The health fund next, on what Medicare left of each item. */
  private async claimHealthFund(checkOut: CheckOut, command: FundClaimCommand): Promise<Claim> {
    const { organisationId, remaining, compensations } = checkOut;
    const claimable = this.claimable(checkOut, 'healthFundClaim');
    const approved = await this.claims
      .healthFund(
        organisationId,
        command,
        checkOut.providerNumber,
        claimable.map((entry) => entry.item),
        checkOut.now,
        'claim',
      )
      .catch((error: unknown) => this.rejected(error, compensations, 'claim.rejected'));
    compensations.undo.add(() => this.claims.reverseHealthFund(approved));
    claimable.forEach(({ index }, position) => (remaining[index] -= approved.items[position].rebateAmount));
    return approved;
  }

  /** The client pays the gap; the platform's fee is kept on the payment transaction and taken from the payout. */
  private async charge(
    organisationId: string,
    owner: { organisationId: string; businessId: string; transactionId: string },
    command: CheckOutCommand,
    gap: number,
    booking: BookingToSettle,
    compensations: Compensations,
    now: Date,
  ): Promise<PaymentTransaction> {
    if (!command.payment) throw gapNotCovered(gap);
    const fee = platformFeeOf(gap, this.config.platformFeeBasisPoints);
    const attempt = { status: 'succeeded', paymentMethodId: command.payment.paymentMethodId, clientSecret: null, amount: gap };
    try {
      const charged = await this.charges.charge(organisationId, command.payment.paymentMethodId, gap, `Booking ${booking.id}`);
      compensations.undo.add(() => this.charges.refund(charged.paymentId, gap));
      return PaymentTransaction.forCardPayment(owner, { ...attempt, id: charged.paymentId }, fee, now);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'card_declined') {
        compensations.failures.push({ type: 'payment.failed', resource: failedPaymentView(owner, command.payment.paymentMethodId, gap, now) });
      }
      throw error;
    }
  }

  private rejected(error: unknown, compensations: Compensations, type: 'claim.rejected' | 'medicare_claim.rejected'): never {
    if (error instanceof DomainError && error.kind === 'payment_required') {
      compensations.failures.push({ type, resource: { code: error.code, message: error.message } satisfies ClaimRejection });
    }
    throw error;
  }

  private claimable(checkOut: CheckOut, field: string) {
    const claimable = claimableItems(checkOut.items, checkOut.booking.serviceDate, checkOut.remaining);
    if (claimable.length === 0) throw invalidField(field, 'nothing_to_claim', 'no item has an item code and an amount left to claim');
    return claimable;
  }

  private async providerNumberFor(organisationId: string, booking: BookingToSettle, command: CheckOutCommand): Promise<string> {
    if (!command.healthFundClaim && !command.medicareClaim) return '';
    const number = await this.parties.providerNumber(organisationId, booking);
    if (!number) {
      throw invalidField(
        command.medicareClaim ? 'medicareClaim' : 'healthFundClaim',
        'provider_number_missing',
        "the booking's provider has no provider number at its location",
      );
    }
    return number;
  }

  /** The booking's new transaction, of the items being checked out, billed to its client at its location's business. */
  private async newTransaction(
    organisationId: string,
    booking: BookingToSettle,
    command: CheckOutCommand,
    items: Omit<TransactionItem, 'id'>[],
    now: Date,
  ): Promise<Transaction> {
    const { businessId, clientName } = await this.parties.billing(organisationId, booking);
    return Transaction.create(
      organisationId,
      {
        businessId,
        bookingId: booking.id,
        clientId: booking.clientId,
        clientName,
        healthFundCardId: command.healthFundClaim?.healthFundCardId ?? null,
        medicareCardId: command.medicareClaim?.patientMedicareCardId ?? null,
        serviceProviderId: booking.providerId,
        locationId: booking.locationId,
        items,
      },
      now,
    );
  }

  /** Rendered inside the transaction, so each event's data is what a GET will answer once it commits. */
  private async recordEvents(organisationId: string, transactionId: string): Promise<TransactionView> {
    const read = await this.transactions.get(organisationId, transactionId);
    await this.events.record('transaction.created', organisationId, read);
    for (const paymentTransaction of read.paymentTransactions) {
      if (paymentTransaction.claim)
        await this.events.record('claim.approved', organisationId, {
          claim: paymentTransaction.claim,
          healthFund: paymentTransaction.healthFund,
        } satisfies FiledClaim);
      if (paymentTransaction.medicareClaim) {
        const medicareClaim = paymentTransaction.medicareClaim;
        await this.events.record('medicare_claim.approved', organisationId, { ...paymentTransaction, medicareClaim } satisfies FiledMedicareClaim);
      }
      if (paymentTransaction.paymentTransaction.source === 'payment' && paymentTransaction.paymentTransaction.isSettled()) {
        await this.events.record('payment.succeeded', organisationId, paymentTransaction);
      }
    }
    return read;
  }
}
