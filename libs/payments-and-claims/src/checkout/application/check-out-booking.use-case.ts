import { Injectable } from '@nestjs/common';
import { AppConfig, operationKey } from '@app/shared';
import {
  Clock,
  DomainError,
  DomainEvents,
  type EventToRecord,
  type EventType,
  invalidField,
  newUuid,
  sumCents,
  Undo,
  validationFailed,
} from '@app/shared/domain';
import { gapAfterClaims, openBeforeClaims } from '../../ledger/domain/booking-balance.js';
import { activeRegistration, hasTerminal, medicareMinorIdOf, OrganisationModes } from '@app/organisations';
import { BookingLedger, type BookingToSettle } from '@app/scheduling';
import { CardCharges, type CardView } from '@app/wallet';
import type { Claim } from '../../ledger/domain/claim.js';
import {
  type ClaimAgreement,
  CONFIRMATION_MINUTES,
  type Confirmation,
  maskContact,
} from '../../ledger/domain/confirmation.js';
import { type CheckOutItem, checkOutItems, platformFeeOf } from '../../ledger/domain/checkout-items.js';
import type { MedicareClaim } from '../../ledger/domain/medicare-claim.js';
import { type Owner, PaymentTransaction, REFUND, settles } from '../../ledger/domain/payment-transaction.js';
import {
  bookingAlreadyClaimed,
  bookingAlreadyPaid,
  bookingCancelled,
  bulkBillNoCharge,
  businessNotGstRegistered,
  claimsCoverHeldMoney,
  confirmationChannelUnavailable,
  confirmationPending,
  confirmationStale,
  doubleClaim,
  gapNotCovered,
  paymentLinkOpen,
  locationNotRegistered,
  paymentRequiresAction,
  serviceNotRendered,
} from '../../ledger/domain/payments.errors.js';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import { taxRateOf, Transaction, type TransactionItem } from '../../ledger/domain/transaction.js';
import { BookingParties, type BookingPartiesRead, clientNameOf } from '../../ledger/application/booking-parties.js';
import { InvoiceLedger } from '../../invoices/application/invoice-ledger.js';
import {
  claimableItems,
  ClaimFiling,
  type FundClaimCommand,
  type FundClaimOfPatient,
  type MedicareClaimCommand,
  patientOf,
} from '../../claims/application/claim-filing.js';
import { ReferralChecks } from '../../claims/application/referral-checks.js';
import { PaymentLinks } from '../../payment-links/application/payment-links.js';
import type { PaymentTransactionView } from '../../ledger/application/payment-transaction.queries.js';
import type { TransactionView } from '../../ledger/application/transaction.queries.js';
import type { ClaimRejection, FiledClaim, FiledMedicareClaim } from '../../ledger/application/claim-views.js';
import { failedPaymentView } from '../../card-payments/application/failed-payment.js';
import { AwaitingCheckOuts } from './awaiting-check-outs.js';
import { ConfirmationCodes } from './confirmation-codes.js';
import { refundOf } from './refund-payment.use-case.js';
import { ConfirmationDispatch, confirmationSent } from './confirmation-dispatch.js';

export interface CheckOutCommand {
  items?: CheckOutItem[];
  healthFundClaim?: FundClaimCommand;
  medicareClaim?: MedicareClaimCommand;
  payment?: { paymentMethodId: string };
  paymentLink?: { expiresInHours?: number };
}

/** What was done outside the database and must be undone if the check-out does not commit. */
export interface Compensations {
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
  /** The provider's number at the booking's location; for a Medicare claim, that location's minor id too. */
  servicedAt: { providerNumber: string; locationMinorId: string };
  /** The cards the command names, checked as the booking's client's. */
  cards: Map<string, CardView>;
  /** The business's account at the card processor, when a card pays the gap. */
  merchantId: string | null;
  /** The time zone of the booking's location. */
  timeZone: string;
  parties: BookingPartiesRead;
  fundClaimOfPatient: FundClaimOfPatient | null;
  /** What earlier check-outs of the booking still hold, in cents. */
  held: number;
  /** Whether the booking had a check-out before: its invoice may be there to pay. */
  checkedOutBefore: boolean;
  /**
   * The booking was paid ahead by card and this check-out carries only its claim: what the claim
   * pays beyond what is left to pay goes back to the card that prepaid.
   */
  prepaid: boolean;
  compensations: Compensations;
  now: Date;
}

/**
 * The patient's agreement to a check-out's claim: given already (a card swiped at a terminal, a
 * signed assignment; `null` for a claim that needs none), or to be asked by a code sent to them.
 */
type Agreement = { given: ClaimAgreement | null } | 'ask_patient';

/**
 * Takes the money for a booking: its claim (Medicare's or a health fund's, one payer a service),
 * then the card or a payment link for the gap, less what earlier check-outs of the booking still
 * hold. All of it commits in one database transaction with its events, or none of it does and the
 * claim approved on the way is reversed. The rules it keeps are in docs/money.md (Check-out).
 *
 * Round trips are few on purpose: each context's parties are read once, in one statement each,
 * and serve the checks, the rows, the invoice, the answer and the events; what the check-out
 * makes is written in one statement, and its events in one more, rendered from what it holds
 * (which is what the GETs read back).
 */
@Injectable()
export class CheckOutBooking {
  constructor(
    private readonly events: DomainEvents,
    private readonly bookings: BookingLedger,
    private readonly parties: BookingParties,
    private readonly payments: PaymentsRepository,
    private readonly claims: ClaimFiling,
    private readonly referrals: ReferralChecks,
    private readonly charges: CardCharges,
    private readonly links: PaymentLinks,
    private readonly invoices: InvoiceLedger,
    private readonly codes: ConfirmationCodes,
    private readonly dispatch: ConfirmationDispatch,
    private readonly modes: OrganisationModes,
    private readonly awaiting: AwaitingCheckOuts,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, bookingId: string, command: CheckOutCommand): Promise<TransactionView> {
    if (!command.healthFundClaim && !command.medicareClaim && !command.payment && !command.paymentLink) {
      throw validationFailed([
        {
          field: 'payment',
          code: 'required',
          message: 'send at least one of healthFundClaim, medicareClaim, payment, paymentLink',
        },
      ]);
    }
    assertAssignment(command.medicareClaim);
    const compensations: Compensations = { undo: new Undo(), failures: [] };
    try {
      return await this.events.transaction(() => this.checkOut(organisationId, bookingId, command, compensations));
    } catch (error) {
      await compensations.undo.run();
      if (compensations.failures.length > 0) {
        await this.events.transaction(async () => {
          for (const failure of compensations.failures)
            await this.events.record(failure.type, organisationId, failure.resource);
        });
      }
      throw error;
    }
  }

  private async checkOut(
    organisationId: string,
    bookingId: string,
    command: CheckOutCommand,
    compensations: Compensations,
  ): Promise<TransactionView> {
    const booking = await this.bookings.lock(organisationId, bookingId);
    const checkOut = await this.prepare(organisationId, booking, command, compensations, null);
    const agreement = this.agreementOf(checkOut);
    if (agreement === 'ask_patient') return this.askPatient(checkOut);
    return this.settle(checkOut, agreement.given, null);
  }

  /**
   * Finishes, as it was asked, the check-out whose patient gave back the confirmation's code: the
   * claims lodged, the gap charged, the invoice issued, over the awaiting transaction. A payer that
   * now pays less than it assessed would leave the patient a bigger gap than they approved:
   * `confirmation_stale`, and the claims are reversed (on `compensations`, as a check-out's). Inside
   * the caller's transaction, which holds the booking's lock and the transaction's.
   */
  async finishConfirmed(
    organisationId: string,
    booking: BookingToSettle,
    awaited: Transaction,
    confirmation: Confirmation,
    compensations: Compensations,
  ): Promise<TransactionView> {
    const pending = awaited.pendingCheckOut!;
    const command = pending.command as CheckOutCommand;
    const checkOut = await this.prepare(organisationId, booking, command, compensations, awaited);
    const agreement: ClaimAgreement = { method: confirmation.channel, agreedAt: checkOut.now.toISOString() };
    return this.settle(checkOut, agreement, {
      confirmation,
      assessedBenefit: pending.assessedBenefit,
      gap: pending.gap,
    });
  }

  /** Checks the booking and the command, reads the parties and makes (or, for a confirmed check-out, takes up) its transaction. */
  private async prepare(
    organisationId: string,
    booking: BookingToSettle,
    command: CheckOutCommand,
    compensations: Compensations,
    awaited: Transaction | null,
  ): Promise<CheckOut> {
    const { earlier, cards, fundClaimOfPatient, prepaid } = await this.assertCanCheckOut(
      organisationId,
      booking,
      command,
      awaited?.id ?? null,
    );
    // A confirmed check-out charges the items as they were priced when the patient was asked.
    const items = awaited ? awaited.pendingCheckOut!.items : checkOutItems(booking, command.items);
    const uncoded = items.find((item) => !item.itemCode && item.chargeAmount > 0);
    if (command.medicareClaim?.type === 'bulk_bill' && uncoded)
      throw bulkBillNoCharge(booking.id, 'no_item_code', `Item "${uncoded.description}"`);
    // A prepaid booking's card money covers its charges already: its claim takes part of it back.
    if (!prepaid) openBeforeClaims(booking.id, sumCents(items.map((item) => item.chargeAmount)), earlier.held);
    const now = this.clock.now();
    const parties = await this.parties.read(organisationId, booking);
    const taxed = items.find((item) => taxRateOf(item) > 0);
    if (taxed && !parties.business.gstRegistered)
      throw businessNotGstRegistered(parties.business.id, taxed.description);
    const servicedAt = this.servicedAt(parties, command);
    const transaction = awaited
      ? resumed(awaited, items)
      : this.newTransaction(organisationId, booking, command, items, parties, now);
    // Before any claim: a card payment the processor cannot pay to the business is refused first.
    const merchantId = command.payment ? (parties.business.merchantId ?? null) : null;
    if (command.payment) this.charges.assertCanPay({ accountId: merchantId, businessId: transaction.businessId });
    return {
      organisationId,
      booking,
      command,
      items,
      transaction,
      remaining: items.map((item) => item.chargeAmount),
      servicedAt,
      cards,
      merchantId,
      timeZone: parties.location.timeZone,
      parties,
      fundClaimOfPatient,
      held: earlier.held,
      checkedOutBefore: earlier.any,
      prepaid,
      compensations,
      now,
    };
  }

  /**
   * Whether the patient agreed already: a fund claim with its card swiped at the location's terminal,
   * a bulk bill with a signed assignment of benefit (signed once the service began, not in the
   * future), a Medicare patient claim (the patient claims it). Otherwise the patient is asked by code:
   * a fund claim with no terminal, a bulk bill assigned by SMS.
   */
  private agreementOf(checkOut: CheckOut): Agreement {
    const { command, now, booking } = checkOut;
    if (command.healthFundClaim) {
      return command.healthFundClaim.terminalId !== undefined
        ? { given: { method: 'terminal', agreedAt: now.toISOString() } }
        : 'ask_patient';
    }
    const assignment = command.medicareClaim?.assignment;
    if (command.medicareClaim?.type !== 'bulk_bill') return { given: null };
    if (assignment?.method === 'sms') return 'ask_patient';
    const signedAt = new Date(assignment!.signedAt!);
    if (signedAt > now || signedAt < booking.serviceDate) {
      throw invalidField(
        'medicareClaim.assignment.signedAt',
        'invalid',
        'is when the patient signed the assignment of benefit: after the service began, and not in the future',
      );
    }
    return { given: { method: 'signed', agreedAt: signedAt.toISOString() } };
  }

  /**
   * Claims, the card or a link for the gap, the invoice, and the booking checked out, all written in
   * one statement. `confirmed`: the patient approved `assessedBenefit` and `gap` by the confirmation's
   * code, and the transaction awaiting it is finished.
   */
  private async settle(
    checkOut: CheckOut,
    agreement: ClaimAgreement | null,
    confirmed: { confirmation: Confirmation; assessedBenefit: number; gap: number } | null,
  ): Promise<TransactionView> {
    const { organisationId, booking, command, transaction, parties, now } = checkOut;
    const medicareClaim = command.medicareClaim
      ? await this.claimMedicare(checkOut, command.medicareClaim, 'claim', agreement)
      : null;
    const fundClaim = checkOut.fundClaimOfPatient
      ? await this.claimHealthFund(checkOut, checkOut.fundClaimOfPatient, 'claim', agreement)
      : null;
    if (confirmed && benefitOf(command, medicareClaim, fundClaim) < confirmed.assessedBenefit)
      throw confirmationStale();

    const owner: Owner = { organisationId, businessId: transaction.businessId, transactionId: transaction.id };
    const paymentTransactions: PaymentTransaction[] = [];
    // Only a bulk bill's benefit is paid to the business; a patient claim's goes to the patient.
    if (medicareClaim && command.medicareClaim?.type === 'bulk_bill')
      paymentTransactions.push(PaymentTransaction.forMedicareClaim(owner, medicareClaim, 0, now));
    if (fundClaim) paymentTransactions.push(PaymentTransaction.forHealthFundClaim(owner, fundClaim, 0, now));
    const { gap, overpaid } = gapOf(checkOut);
    // Nor a bigger gap than the patient approved (money held for the booking was refunded meanwhile).
    if (confirmed && gap > confirmed.gap) throw confirmationStale();
    const link =
      gap > 0 && !command.payment && command.paymentLink
        ? this.links.make(owner, gap, command.paymentLink.expiresInHours, now)
        : null;
    if (link) paymentTransactions.push(link.paymentTransaction);
    else if (gap > 0)
      paymentTransactions.push(await this.charge(checkOut, owner, gap, confirmed?.confirmation ?? null));
    transaction.paymentMethodId = command.payment && gap > 0 ? command.payment.paymentMethodId : null;
    if (confirmed) transaction.confirmed(confirmed.confirmation.id, now);

    // A refund locks its payment, then the invoice: a prepaid booking's card payments, which its
    // return of the overpayment refunds, are locked before the invoice too, so the two never deadlock.
    if (overpaid > 0) await this.payments.lockCardPaymentsOf(organisationId, booking.id);
    const billing = await this.invoices.bill(booking, transaction, paymentTransactions, parties, now, {
      checkedOutBefore: checkOut.checkedOutBefore,
    });
    await this.payments.addCheckOut({
      transaction,
      claims: fundClaim ? [fundClaim] : [],
      medicareClaims: medicareClaim ? [medicareClaim] : [],
      paymentTransactions,
      invoice: billing.issued,
    });
    if (link) await this.payments.addLinkToken(link.token);
    // A link left to pay, or a card payment waiting for its cardholder (3-D Secure), leaves the booking
    // unpaid until it is paid.
    await this.bookings.markCheckedOut(organisationId, booking, {
      paid: !link && settles(paymentTransactions),
      parties,
    });
    const answer = this.viewOf(checkOut, parties, paymentTransactions, { fundClaim, medicareClaim });
    await this.events.recordAll([
      ...this.eventsOf(answer, confirmed ? 'confirmation.verified' : 'transaction.created'),
      ...(await this.invoices.billed(billing, paymentTransactions, now)),
    ]);
    if (overpaid > 0) await this.refundPrepayment(checkOut, overpaid, confirmed?.confirmation ?? null);
    return answer;
  }

  /**
   * What the claim of a prepaid booking paid beyond what was left to pay goes back to the card that
   * prepaid it, as one refund of its newest card payment that can take it: the patient pays only
   * the gap. Last, as a refund's money cannot be taken back: when the processor refuses, the
   * check-out rolls back and its claims are reversed; once it has refunded, only the commit is left
   * to fail. Keyed by the check-out (the request's `Idempotency-Key`, or the confirmation a verify
   * finishes), so the same check-out tried again refunds once.
   */
  private async refundPrepayment(
    checkOut: CheckOut,
    overpaid: number,
    confirmation: Confirmation | null,
  ): Promise<void> {
    const { organisationId, booking, now, transaction } = checkOut;
    const paid = await this.payments.lockCardPaymentsOf(organisationId, booking.id);
    const payment = paid.find((candidate) => candidate.amount - candidate.refunded() >= overpaid);
    // Card money spread over payments none of which can take the refund whole: a refund each could
    // leave one made and the next refused, so the clinic refunds by hand and checks out again.
    if (!payment) throw claimsCoverHeldMoney(booking.id, checkOut.held - overpaid, checkOut.held);
    const adjustment = payment.adjust({
      source: REFUND,
      amount: -overpaid,
      createdAt: now.toISOString(),
      reason: `Claimed after prepayment: the benefit of transaction ${transaction.id}`,
      overpayment: true,
    });
    await this.payments.save(payment);
    await this.payments.transactionChanged(organisationId, payment.transactionId!, now);
    await this.events.record('refund.created', organisationId, refundOf(adjustment));
    // No adjustment note: the price stands, the claim paid what the card gives back.
    await this.invoices.settle(organisationId, payment.transactionId!, now);
    await this.charges.refund({
      paymentId: payment.payment!.id,
      amount: overpaid,
      adjustmentId: adjustment.id,
      idempotencyKey: confirmation
        ? `${confirmation.id}:prepaid-refund`
        : operationKey(transaction.id, 'prepaid-refund'),
    });
  }

  /**
   * The claim assessed (nothing lodged), and the patient sent a code to agree to it: the transaction
   * waits, with nothing claimed, charged or invoiced, and the booking not paid, until the code comes
   * back (`ConfirmCheckOut`) or the code expires. The code goes by SMS to the client's mobile when an
   * SMS provider delivers, else by email when a mail server does; with neither the check-out is
   * refused, as no patient could agree.
   */
  private async askPatient(checkOut: CheckOut): Promise<TransactionView> {
    const { organisationId, command, transaction, parties, now } = checkOut;
    const contact = this.contactOf(parties, await this.modes.isLive(organisationId));
    const medicareClaim = command.medicareClaim
      ? await this.claimMedicare(checkOut, command.medicareClaim, 'assess', null)
      : null;
    const fundClaim = checkOut.fundClaimOfPatient
      ? await this.claimHealthFund(checkOut, checkOut.fundClaimOfPatient, 'quote', null)
      : null;
    const { gap } = gapOf(checkOut);
    if (gap > 0 && !command.payment && !command.paymentLink) throw gapNotCovered(gap);
    const benefit = benefitOf(command, medicareClaim, fundClaim);
    const payer = fundClaim ? (this.fundNameOf(checkOut) ?? 'your health fund') : 'Medicare';

    const confirmation = this.newConfirmation(contact, now);
    transaction.awaitConfirmation(confirmation, {
      command: command as Record<string, unknown>,
      items: checkOut.items,
      assessedBenefit: benefit,
      gap,
      payer,
    });
    transaction.paymentMethodId = command.payment && gap > 0 ? command.payment.paymentMethodId : null;
    await this.payments.save(transaction);
    await this.dispatch.expireLater(organisationId, transaction.id, confirmation);
    const answer = this.viewOf(checkOut, parties, [], { fundClaim: null, medicareClaim: null });
    const sent = confirmationSent(
      answer,
      confirmation,
      contact.to,
      parties.business.name,
      transaction.pendingCheckOut!,
    );
    await this.events.recordAll([
      { type: 'transaction.created', organisationId, resource: answer },
      { type: 'confirmation.sent', organisationId, resource: sent },
    ]);
    return answer;
  }

  /**
   * Where the patient's code goes: their mobile by SMS, else their email, through a channel that
   * delivers. A sandbox organisation's messages are only logged, whole, so any channel serves it.
   */
  private contactOf(parties: BookingPartiesRead, live: boolean): { channel: 'sms' | 'email'; to: string } {
    const client = parties.client;
    const sms = this.config.smsProvider !== 'log' || !live;
    const email = this.config.smtpUrl !== undefined || !live;
    if (client?.mobileNumber && sms) return { channel: 'sms', to: client.mobileNumber };
    if (client?.email && email) return { channel: 'email', to: client.email };
    throw confirmationChannelUnavailable(client?.id ?? '');
  }

  private newConfirmation(contact: { channel: 'sms' | 'email'; to: string }, now: Date): Confirmation {
    const id = newUuid();
    return {
      id,
      contactValue: maskContact(contact.channel, contact.to),
      channel: contact.channel,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + CONFIRMATION_MINUTES * 60_000).toISOString(),
      verifiedAt: null,
      verified: false,
      issue: 1,
      codeHash: this.codes.keptHashOf(id, 1),
      wrongCodes: 0,
      resends: 0,
      closedWith: null,
    };
  }

  private fundNameOf(checkOut: CheckOut): string | null {
    const cardId = checkOut.command.healthFundClaim?.healthFundCardId;
    return (cardId && checkOut.cards.get(cardId)?.healthFund?.name) || null;
  }

  /**
   * A booking is checked out once: not cancelled, not paid, no link of an earlier check-out still
   * to pay, no claim made twice, and only its client's cards. A claim is made only for a service
   * that happened, from one payer; a bulk bill's benefit is the whole payment; a fund claim names its
   * patient on the card. Answers what earlier check-outs hold, the cards named, and the fund claim
   * with its patient. Nothing is asked of a gateway before these pass.
   */
  private async assertCanCheckOut(
    organisationId: string,
    booking: BookingToSettle,
    command: CheckOutCommand,
    finishing: string | null,
  ) {
    if (booking.cancelled) throw bookingCancelled(booking.id);
    if (booking.attendance === 'no_show') throw serviceNotRendered(booking.id, 'no_show');
    const claims = command.healthFundClaim !== undefined || command.medicareClaim !== undefined;
    // A booking paid ahead by card is still claimed once its service happened, with the claim alone.
    const prepaid = booking.paid && claims && !command.payment && !command.paymentLink;
    if (booking.paid && !prepaid) throw bookingAlreadyPaid(booking.id);
    if (claims && this.clock.now() < booking.serviceDate) throw serviceNotRendered(booking.id, 'not_yet');
    if (command.healthFundClaim && command.medicareClaim) throw doubleClaim(booking.id, null);
    const bulkBill = command.medicareClaim?.type === 'bulk_bill';
    if (bulkBill && (command.payment || command.paymentLink)) throw bulkBillNoCharge(booking.id, 'charge');
    // An earlier check-out that left a link to pay is not done yet; one whose claims stand (the link
    // expired unpaid, or another part was voided) is not claimed again: the fund would pay twice.
    const earlier = await this.payments.earlierCheckOutsOf(organisationId, booking.id, this.clock.now());
    if (earlier.awaitingConfirmation && earlier.awaitingConfirmation !== finishing)
      await this.endExpiredOrRefuse(organisationId, booking.id);
    if (earlier.openLinkUntil) throw paymentLinkOpen(booking.id, earlier.openLinkUntil);
    // Its card payment may still be captured: another now would take the money twice.
    if (earlier.awaitingCardholder) throw paymentRequiresAction(`Booking ${booking.id}'s earlier check-out`);
    if (command.healthFundClaim && earlier.healthFundClaimed)
      throw bookingAlreadyClaimed(booking.id, 'healthFundClaim', 'a health fund');
    if (command.medicareClaim && earlier.medicareClaimed)
      throw bookingAlreadyClaimed(booking.id, 'medicareClaim', 'a Medicare');
    if (command.healthFundClaim && earlier.medicareClaimed) throw doubleClaim(booking.id, 'a Medicare');
    if (command.medicareClaim && earlier.healthFundClaimed) throw doubleClaim(booking.id, 'a health fund');
    if (bulkBill && earlier.held > 0) throw bulkBillNoCharge(booking.id, 'held');
    const cards = await this.parties.assertClientsCards(organisationId, booking, [
      {
        field: 'healthFundClaim.healthFundCardId',
        id: command.healthFundClaim?.healthFundCardId,
        type: 'health_fund_card',
      },
      {
        field: 'medicareClaim.patientMedicareCardId',
        id: command.medicareClaim?.patientMedicareCardId,
        type: 'medicare_card',
      },
      {
        field: 'medicareClaim.claimantMedicareCardId',
        id: command.medicareClaim?.claimantMedicareCardId,
        type: 'medicare_card',
      },
      { field: 'payment.paymentMethodId', id: command.payment?.paymentMethodId, type: 'payment_method' },
    ]);
    const fundClaimOfPatient = command.healthFundClaim
      ? patientOf(command.healthFundClaim, cards, 'healthFundClaim.patientReferenceNumber')
      : null;
    return { earlier, cards, fundClaimOfPatient, prepaid };
  }

  /**
   * The booking's check-out awaiting the patient refuses another (`confirmation_pending`), until its
   * code runs out: one whose expiry job has not run yet is expired here, and this check-out goes on.
   */
  private async endExpiredOrRefuse(organisationId: string, bookingId: string): Promise<void> {
    const awaiting = await this.payments.lockAwaitingOf(organisationId, bookingId);
    if (!awaiting) return;
    const now = this.clock.now();
    if (awaiting.confirmations.some((confirmation) => now < new Date(confirmation.expiresAt)))
      throw confirmationPending(bookingId, awaiting.id);
    await this.awaiting.expire(awaiting, now);
  }

  /**
   * Medicare, on the whole fee of each item it covers, under the referral its referred items need.
   * `assess` asks for the benefit with nothing lodged, so nothing is to reverse.
   */
  private async claimMedicare(
    checkOut: CheckOut,
    command: MedicareClaimCommand,
    mode: 'claim' | 'assess',
    agreement: ClaimAgreement | null,
  ): Promise<MedicareClaim> {
    const { organisationId, transaction, remaining, compensations } = checkOut;
    const claimable = this.claimable(checkOut, 'medicareClaim');
    const { clientId, serviceDate } = checkOut.booking;
    const referral = await this.referrals.referralFor(
      organisationId,
      { clientId, serviceDate, timeZone: checkOut.timeZone },
      command.referralId,
      claimable.map((entry) => entry.item.itemCode),
    );
    const approved = await this.claims
      .medicareClaim(
        organisationId,
        transaction.id,
        command,
        checkOut.cards,
        checkOut.servicedAt,
        claimable.map((entry) => entry.item),
        checkOut.now,
        referral,
        mode,
        agreement,
      )
      .catch((error: unknown) => this.rejected(error, compensations, 'medicare_claim.rejected'));
    if (mode === 'claim') compensations.undo.add(() => this.claims.reverseMedicare(approved));
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

  /** The health fund, on the whole of each item it covers (a check-out claims from one payer); `quote` lodges nothing. */
  private async claimHealthFund(
    checkOut: CheckOut,
    command: FundClaimOfPatient,
    mode: 'claim' | 'quote',
    agreement: ClaimAgreement | null,
  ): Promise<Claim> {
    const { organisationId, remaining, compensations } = checkOut;
    const claimable = this.claimable(checkOut, 'healthFundClaim');
    const approved = await this.claims
      .healthFund(
        organisationId,
        command,
        checkOut.cards,
        checkOut.servicedAt.providerNumber,
        claimable.map((entry) => entry.item),
        checkOut.now,
        mode,
        agreement,
      )
      .catch((error: unknown) => this.rejected(error, compensations, 'claim.rejected'));
    if (mode === 'claim') compensations.undo.add(() => this.claims.reverseHealthFund(approved));
    claimable.forEach(({ index }, position) => (remaining[index] -= approved.items[position].rebateAmount));
    return approved;
  }

  /**
   * The client pays the gap, the cardholder not present, to the business's account at the processor;
   * the platform's fee is kept on the payment transaction and taken from the payout (with Stripe, as
   * the charge's application fee). The charge may wait for the cardholder's bank (3-D Secure):
   * then the booking stays unpaid until the processor reports it paid.
   */
  private async charge(
    checkOut: CheckOut,
    owner: Owner,
    gap: number,
    confirmation: Confirmation | null,
  ): Promise<PaymentTransaction> {
    const { organisationId, command, booking, transaction, compensations, now } = checkOut;
    if (!command.payment) throw gapNotCovered(gap);
    const fee = platformFeeOf(gap, this.config.platformFeeBasisPoints);
    try {
      const charged = await this.charges.charge(
        organisationId,
        command.payment.paymentMethodId,
        {
          amount: gap,
          description: `Booking ${booking.id}`,
          destination: { businessId: transaction.businessId, accountId: checkOut.merchantId, platformFeeAmount: fee },
          // From the request's Idempotency-Key when it has one: the same check-out retried asks for the same
          // charge. A confirmed one's is its confirmation's: every verify of one code asks for the same charge.
          idempotencyKey: confirmation
            ? `${confirmation.id}:check-out-charge`
            : operationKey(transaction.id, 'check-out-charge'),
          metadata: { organisationId, bookingId: booking.id },
        },
        compensations.undo,
      );
      return PaymentTransaction.forCharge(owner, charged, command.payment.paymentMethodId, gap, fee, now);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'card_declined') {
        compensations.failures.push({
          type: 'payment.failed',
          resource: failedPaymentView(owner, command.payment.paymentMethodId, gap, now),
        });
      }
      throw error;
    }
  }

  private rejected(
    error: unknown,
    compensations: Compensations,
    type: 'claim.rejected' | 'medicare_claim.rejected',
  ): never {
    if (error instanceof DomainError && error.kind === 'payment_required') {
      compensations.failures.push({
        type,
        resource: { code: error.code, message: error.message } satisfies ClaimRejection,
      });
    }
    throw error;
  }

  private claimable(checkOut: CheckOut, field: string) {
    const claimable = claimableItems(checkOut.items, checkOut.booking.serviceDate, checkOut.remaining);
    if (claimable.length === 0)
      throw invalidField(field, 'nothing_to_claim', 'no item has an item code and an amount left to claim');
    return claimable;
  }

  /**
   * Where a claim says the service was given: the provider's number at the booking's location, and
   * for Medicare the location's minor id. A location claims only under an active registration with
   * the payer (`location_not_registered`), and a fund claim names only a terminal installed there: an
   * id the location does not list would pass off a card never swiped at the practice.
   */
  private servicedAt(
    parties: BookingPartiesRead,
    command: CheckOutCommand,
  ): { providerNumber: string; locationMinorId: string } {
    const payer = command.medicareClaim ? 'medicare' : command.healthFundClaim ? 'phi' : null;
    if (!payer) return { providerNumber: '', locationMinorId: '' };
    const { registrations } = parties.location;
    if (!activeRegistration(registrations, payer)) throw locationNotRegistered(parties.location.id, payer);
    const terminalId = command.healthFundClaim?.terminalId;
    if (terminalId !== undefined && !hasTerminal(parties.location, terminalId)) {
      throw invalidField(
        'healthFundClaim.terminalId',
        'unknown_terminal',
        "names no claiming terminal of the booking's location (its terminalIds)",
      );
    }
    if (!parties.providerNumber) {
      throw invalidField(
        command.medicareClaim ? 'medicareClaim' : 'healthFundClaim',
        'provider_number_missing',
        "the booking's provider has no provider number at its location",
      );
    }
    return { providerNumber: parties.providerNumber, locationMinorId: medicareMinorIdOf(registrations) ?? '' };
  }

  /** The booking's new transaction, of the items being checked out, billed to its client at its location's business. */
  private newTransaction(
    organisationId: string,
    booking: BookingToSettle,
    command: CheckOutCommand,
    items: Omit<TransactionItem, 'id'>[],
    parties: BookingPartiesRead,
    now: Date,
  ): Transaction {
    return Transaction.create(
      organisationId,
      {
        businessId: parties.location.businessId,
        bookingId: booking.id,
        clientId: booking.clientId,
        // An archived client's too: its bookings stay its own.
        clientName: clientNameOf(parties.client),
        healthFundCardId: command.healthFundClaim?.healthFundCardId ?? null,
        medicareCardId: command.medicareClaim?.patientMedicareCardId ?? null,
        serviceProviderId: booking.providerId,
        locationId: booking.locationId,
        items,
      },
      now,
    );
  }

  /**
   * The answer, as `GET …/transactions/{id}` reads it back once this commits: from what the
   * check-out wrote and the parties and cards it read (its payment transactions in the GET's order).
   */
  private viewOf(
    checkOut: CheckOut,
    parties: BookingPartiesRead,
    paymentTransactions: readonly PaymentTransaction[],
    claims: { fundClaim: Claim | null; medicareClaim: MedicareClaim | null },
  ): TransactionView {
    const { transaction, cards } = checkOut;
    const card = (id: string | null | undefined) => (id ? (cards.get(id) ?? null) : null);
    const inOrder = [...paymentTransactions].sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compareIds(a.id, b.id),
    );
    return {
      transaction,
      paymentTransactions: inOrder.map((paymentTransaction): PaymentTransactionView => {
        const claim = paymentTransaction.claimId ? claims.fundClaim : null;
        const medicareClaim = paymentTransaction.medicareClaimId ? claims.medicareClaim : null;
        return {
          paymentTransaction,
          claim,
          healthFund: claim ? (card(checkOut.command.healthFundClaim?.healthFundCardId)?.healthFund ?? null) : null,
          medicareClaim,
          patientMedicareCard: card(medicareClaim?.patientMedicareCardId),
          claimantMedicareCard: card(medicareClaim?.claimantMedicareCardId),
          eventMembers: new Map(),
        };
      }),
      paymentMethod: card(transaction.paymentMethodId),
      healthFundCard: card(transaction.healthFundCardId),
      medicareCard: card(transaction.medicareCardId),
      client: parties.client,
      serviceProvider: parties.provider,
      location: parties.location,
    };
  }

  /**
   * The check-out's events, each with its data as the transaction's GET shows it: `transaction.created`
   * first, or `confirmation.verified` for one the patient confirmed (its transaction was created then).
   */
  private eventsOf(answer: TransactionView, first: 'transaction.created' | 'confirmation.verified'): EventToRecord[] {
    const organisationId = answer.transaction.organisationId;
    const events: EventToRecord[] = [{ type: first, organisationId, resource: answer }];
    for (const paymentTransaction of answer.paymentTransactions) {
      if (paymentTransaction.claim)
        events.push({
          type: 'claim.approved',
          organisationId,
          resource: { claim: paymentTransaction.claim, healthFund: paymentTransaction.healthFund } satisfies FiledClaim,
        });
      if (paymentTransaction.medicareClaim) {
        const medicareClaim = paymentTransaction.medicareClaim;
        events.push({
          type: 'medicare_claim.approved',
          organisationId,
          resource: { ...paymentTransaction, medicareClaim } satisfies FiledMedicareClaim,
        });
      }
      if (
        paymentTransaction.paymentTransaction.source === 'payment' &&
        paymentTransaction.paymentTransaction.isSettled()
      ) {
        events.push({ type: 'payment.succeeded', organisationId, resource: paymentTransaction });
      }
    }
    return events;
  }
}

/** A bulk bill is paid to the practice only on the patient's assignment of benefit; a patient claim assigns nothing. */
function assertAssignment(command: MedicareClaimCommand | undefined): void {
  if (command?.type === 'bulk_bill' && !command.assignment) {
    throw invalidField(
      'medicareClaim.assignment',
      'required',
      'is required for a bulk bill: { "method": "signed", "signedAt": … } for a form the patient signed, or { "method": "sms" } to ask the patient by code',
    );
  }
  if (command && command.type !== 'bulk_bill' && command.assignment)
    throw invalidField(
      'medicareClaim.assignment',
      'not_allowed',
      "is only for a bulk bill: a patient claim's benefit is paid to the patient",
    );
}

/**
 * What is left for the card or the link once the claims paid their part, less what earlier
 * check-outs hold; and, for a prepaid booking, what its card paid beyond that (to go back to it).
 */
function gapOf(checkOut: CheckOut): { gap: number; overpaid: number } {
  const left = sumCents(checkOut.remaining);
  if (!checkOut.prepaid) return { gap: gapAfterClaims(checkOut.booking.id, left, checkOut.held), overpaid: 0 };
  return { gap: Math.max(left - checkOut.held, 0), overpaid: Math.max(checkOut.held - left, 0) };
}

/** What the payer pays the practice for the service: a bulk bill's benefit, or the fund's rebate. */
function benefitOf(command: CheckOutCommand, medicareClaim: MedicareClaim | null, fundClaim: Claim | null): number {
  const medicare = medicareClaim && command.medicareClaim?.type === 'bulk_bill' ? medicareClaim.totalRebateAmount : 0;
  return medicare + (fundClaim?.totalRebateAmount ?? 0);
}

/** The awaiting transaction, its items priced again as the check-out was asked (before the claims lower them). */
function resumed(awaited: Transaction, items: readonly Omit<TransactionItem, 'id'>[]): Transaction {
  awaited.items = awaited.items.map((item, index) => ({ ...item, chargeAmount: items[index].chargeAmount }));
  awaited.amount = sumCents(awaited.items.map((item) => item.chargeAmount));
  return awaited;
}

/** As PostgreSQL orders uuids: their bytes, which is the order of their lower-case hex text. */
const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
