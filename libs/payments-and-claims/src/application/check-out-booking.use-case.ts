import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import { Clock, DomainError, DomainEvents, type EventType, invalidField, sumCents, Undo, validationFailed } from '@app/shared/domain';
import { ClientQueries } from '@app/membership';
import { DirectoryQueries } from '@app/organisations';
import { PractitionerQueries } from '@app/practitioners';
import { gapAfterClaims, openBeforeClaims } from '../domain/booking-balance.js';
import { BookingLedger, type BookingToSettle } from '@app/scheduling';
import { CardCharges, WalletCardQueries } from '@app/wallet';
import type { Claim } from '../domain/claim.js';
import { type CheckOutItem, checkOutItems, platformFeeOf } from '../domain/checkout-items.js';
import type { MedicareClaim } from '../domain/medicare-claim.js';
import { PaymentTransaction } from '../domain/payment-transaction.js';
import { bookingAlreadyClaimed, bookingAlreadyPaid, bookingCancelled, gapNotCovered, paymentLinkOpen } from '../domain/payments.errors.js';
import { PaymentsRepository } from '../domain/payments.repository.js';
import { Transaction, type TransactionItem } from '../domain/transaction.js';
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
interface Moves {
  undo: Undo;
  /** Events that stay even when the check-out rolls back (a declined card, a rejected claim). */
  failures: { type: EventType; resource: object }[];
}

/**
 * Takes the money for a booking (CONTRACT §9): the Medicare claim, then the health fund claim on
 * what Medicare left, then the card for the gap, less what earlier check-outs of the booking still
 * hold. All of it commits in one database transaction with its events, or none of it does and the
 * claims approved on the way are reversed.
 */
@Injectable()
export class CheckOutBooking {
  constructor(
    private readonly events: DomainEvents,
    private readonly bookings: BookingLedger,
    private readonly payments: PaymentsRepository,
    private readonly claims: ClaimFiling,
    private readonly charges: CardCharges,
    private readonly wallet: WalletCardQueries,
    private readonly clients: ClientQueries,
    private readonly locations: DirectoryQueries,
    private readonly practitioners: PractitionerQueries,
    private readonly reader: TransactionQueries,
    private readonly links: PaymentLinks,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, bookingId: string, command: CheckOutCommand): Promise<TransactionView> {
    if (!command.healthFundClaim && !command.medicareClaim && !command.payment && !command.paymentLink) {
      throw validationFailed([{ field: 'payment', code: 'required', message: 'send at least one of healthFundClaim, medicareClaim, payment, paymentLink' }]);
    }
    const moves: Moves = { undo: new Undo(), failures: [] };
    try {
      return await this.events.transaction(() => this.checkOut(organisationId, bookingId, command, moves));
    } catch (error) {
      await moves.undo.run();
      if (moves.failures.length > 0) {
        await this.events.transaction(async () => {
          for (const failure of moves.failures) await this.events.record(failure.type, organisationId, failure.resource);
        });
      }
      throw error;
    }
  }

  private async checkOut(organisationId: string, bookingId: string, command: CheckOutCommand, moves: Moves): Promise<TransactionView> {
    const booking = await this.bookings.lock(organisationId, bookingId);
    if (booking.cancelled) throw bookingCancelled(booking.id);
    if (booking.paid) throw bookingAlreadyPaid(booking.id);
    // An earlier check-out that left a link to pay is not done yet; one whose claims stand (the link
    // expired unpaid, or another part was voided) is not claimed again: the fund would pay twice.
    const earlier = await this.payments.earlierCheckOutsOf(organisationId, booking.id, this.clock.now());
    if (earlier.openLinkUntil) throw paymentLinkOpen(booking.id, earlier.openLinkUntil);
    if (command.healthFundClaim && earlier.healthFundClaimed) throw bookingAlreadyClaimed(booking.id, 'healthFundClaim', 'a health fund');
    if (command.medicareClaim && earlier.medicareClaimed) throw bookingAlreadyClaimed(booking.id, 'medicareClaim', 'a Medicare');
    await this.wallet.assertCards(
      organisationId,
      [
        { field: 'healthFundClaim.healthFundCardId', id: command.healthFundClaim?.healthFundCardId, type: 'health_fund_card' },
        { field: 'medicareClaim.patientMedicareCardId', id: command.medicareClaim?.patientMedicareCardId, type: 'medicare_card' },
        { field: 'medicareClaim.claimantMedicareCardId', id: command.medicareClaim?.claimantMedicareCardId, type: 'medicare_card' },
        { field: 'payment.paymentMethodId', id: command.payment?.paymentMethodId, type: 'payment_method' },
      ],
      booking.clientId,
    );
    const items = checkOutItems(booking, command.items);
    openBeforeClaims(booking.id, sumCents(items.map((item) => item.chargeAmount)), earlier.held);
    const now = this.clock.now();
    const providerNumber = await this.providerNumberFor(organisationId, booking, command);
    const transaction = Transaction.create(organisationId, await this.sale(organisationId, booking, command, items), now);
    const remaining = items.map((item) => item.chargeAmount);

    let medicareClaim: MedicareClaim | null = null;
    if (command.medicareClaim) {
      const claimable = this.claimable(items, booking, remaining, 'medicareClaim');
      medicareClaim = await this.claims
        .medicareClaim(
          organisationId,
          transaction.id,
          command.medicareClaim,
          providerNumber,
          claimable.map((entry) => entry.item),
          now,
        )
        .catch((error: unknown) => this.rejected(error, moves, 'medicare_claim.rejected'));
      const approved = medicareClaim;
      moves.undo.add(() => this.claims.reverseMedicare(approved));
      claimable.forEach(({ index }, position) => {
        const claimItem = approved.items[position];
        // A bulk bill lowers the charge to the benefit; a patient claim leaves it.
        transaction.items[index].chargeAmount -= remaining[index] - claimItem.chargeAmount;
        // A patient claim's benefit is paid to the patient, who still owes the practice the whole fee.
        if (command.medicareClaim?.type === 'bulk_bill') remaining[index] = claimItem.chargeAmount - claimItem.rebateAmount;
      });
      transaction.amount = sumCents(transaction.items.map((item) => item.chargeAmount));
    }

    let fundClaim: Claim | null = null;
    if (command.healthFundClaim) {
      const claimable = this.claimable(items, booking, remaining, 'healthFundClaim');
      fundClaim = await this.claims
        .healthFund(
          organisationId,
          command.healthFundClaim,
          providerNumber,
          claimable.map((entry) => entry.item),
          now,
          'claim',
        )
        .catch((error: unknown) => this.rejected(error, moves, 'claim.rejected'));
      const approved = fundClaim;
      moves.undo.add(() => this.claims.reverseHealthFund(approved));
      claimable.forEach(({ index }, position) => (remaining[index] -= approved.items[position].rebateAmount));
    }

    const owner = { organisationId, businessId: transaction.businessId, transactionId: transaction.id };
    const paymentTransactions: PaymentTransaction[] = [];
    // Only a bulk bill's benefit is paid to the business; a patient claim's goes to the patient.
    if (medicareClaim && command.medicareClaim?.type === 'bulk_bill')
      paymentTransactions.push(PaymentTransaction.forMedicareClaim(owner, medicareClaim, 0, now));
    if (fundClaim) paymentTransactions.push(PaymentTransaction.forHealthFundClaim(owner, fundClaim, 0, now));
    const gap = gapAfterClaims(booking.id, sumCents(remaining), earlier.held);
    const link = gap > 0 && !command.payment && command.paymentLink ? this.links.make(owner, gap, command.paymentLink.expiresInHours, now) : null;
    if (link) paymentTransactions.push(link.paymentTransaction);
    else if (gap > 0) paymentTransactions.push(await this.charge(organisationId, owner, command, gap, booking, moves, now));
    transaction.paymentMethodId = command.payment && gap > 0 ? command.payment.paymentMethodId : null;

    // The transaction first: its payment transactions name it, and the ORM does not know they do.
    await this.payments.save(transaction);
    await this.payments.save(...(fundClaim ? [fundClaim] : []), ...(medicareClaim ? [medicareClaim] : []), ...paymentTransactions);
    if (link) await this.payments.addLinkToken(link.token);
    else await this.bookings.markPaid(organisationId, booking.id);
    return this.recordEvents(organisationId, transaction.id);
  }

  /** The client pays the gap; the platform's fee is kept on the payment transaction and taken from the payout. */
  private async charge(
    organisationId: string,
    owner: { organisationId: string; businessId: string; transactionId: string },
    command: CheckOutCommand,
    gap: number,
    booking: BookingToSettle,
    moves: Moves,
    now: Date,
  ): Promise<PaymentTransaction> {
    if (!command.payment) throw gapNotCovered(gap);
    const fee = platformFeeOf(gap, this.config.platformFeeBasisPoints);
    const attempt = { status: 'succeeded', paymentMethodId: command.payment.paymentMethodId, clientSecret: null, amount: gap };
    try {
      const charged = await this.charges.charge(organisationId, command.payment.paymentMethodId, gap, `Booking ${booking.id}`);
      moves.undo.add(() => this.charges.refund(charged.paymentId, gap));
      return PaymentTransaction.forCardPayment(owner, { ...attempt, id: charged.paymentId }, fee, now);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'card_declined') {
        moves.failures.push({ type: 'payment.failed', resource: failedPaymentView(owner, command.payment.paymentMethodId, gap, now) });
      }
      throw error;
    }
  }

  private rejected(error: unknown, moves: Moves, type: 'claim.rejected' | 'medicare_claim.rejected'): never {
    if (error instanceof DomainError && error.kind === 'payment_required') {
      moves.failures.push({ type, resource: { code: error.code, message: error.message } satisfies ClaimRejection });
    }
    throw error;
  }

  private claimable(items: Omit<TransactionItem, 'id'>[], booking: BookingToSettle, remaining: number[], field: string) {
    const claimable = claimableItems(items, booking.serviceDate, remaining);
    if (claimable.length === 0) throw invalidField(field, 'nothing_to_claim', 'no item has an item code and an amount left to claim');
    return claimable;
  }

  private async providerNumberFor(organisationId: string, booking: BookingToSettle, command: CheckOutCommand): Promise<string> {
    if (!command.healthFundClaim && !command.medicareClaim) return '';
    const link = await this.practitioners.liveLink(organisationId, booking.providerId, booking.locationId);
    const number = link?.medicare.providerNumber;
    if (!number) {
      throw invalidField(
        command.medicareClaim ? 'medicareClaim' : 'healthFundClaim',
        'provider_number_missing',
        "the booking's provider has no provider number at its location",
      );
    }
    return number;
  }

  private async sale(organisationId: string, booking: BookingToSettle, command: CheckOutCommand, items: Omit<TransactionItem, 'id'>[]) {
    const [client, locations] = await Promise.all([
      this.clients.findActiveClient(organisationId, booking.clientId),
      this.locations.locations(organisationId, [booking.locationId]),
    ]);
    const location = locations.get(booking.locationId)!;
    return {
      businessId: location.businessId,
      bookingId: booking.id,
      clientId: booking.clientId,
      clientName: client ? `${client.firstName} ${client.lastName}` : '',
      healthFundCardId: command.healthFundClaim?.healthFundCardId ?? null,
      medicareCardId: command.medicareClaim?.patientMedicareCardId ?? null,
      serviceProviderId: booking.providerId,
      locationId: booking.locationId,
      items,
    };
  }

  /** Rendered inside the transaction, so each event's data is what a GET will answer once it commits. */
  private async recordEvents(organisationId: string, transactionId: string): Promise<TransactionView> {
    const read = await this.reader.get(organisationId, transactionId);
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
