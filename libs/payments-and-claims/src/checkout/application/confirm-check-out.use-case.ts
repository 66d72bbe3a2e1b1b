import { Injectable } from '@nestjs/common';
import { Clock, conflict, DomainError, DomainEvents, Undo } from '@app/shared/domain';
import { BookingLedger, type BookingToSettle } from '@app/scheduling';
import { type ClosingError, type Confirmation } from '../../ledger/domain/confirmation.js';
import {
  confirmationCancelled,
  confirmationChannelUnavailable,
  confirmationCodeInvalid,
  confirmationLocked,
  confirmationNotFound,
  confirmationResendLimit,
} from '../../ledger/domain/payments.errors.js';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import type { Transaction } from '../../ledger/domain/transaction.js';
import { BookingParties } from '../../ledger/application/booking-parties.js';
import { TransactionQueries, type TransactionView } from '../../ledger/application/transaction.queries.js';
import { CONFIRMATION_RESENDS, maskContact } from '../../ledger/domain/confirmation.js';
import { CheckOutBooking, type Compensations } from './check-out-booking.use-case.js';
import { AwaitingCheckOuts, closingOf } from './awaiting-check-outs.js';
import { ConfirmationCodes } from './confirmation-codes.js';
import { ConfirmationDispatch, confirmationSent, type ExpiryJob } from './confirmation-dispatch.js';

/** What a verify answers: the transaction, or an error to throw once what the verify changed is committed. */
type Outcome = { answer: TransactionView } | { error: DomainError };

/**
 * The patient's code for a check-out awaiting their agreement: verified (the check-out finished as it
 * was asked), resent, or run out. Each takes the booking's lock, then the transaction's, as the
 * check-out does, so a verify, a resend, the expiry job and a no-show of one booking go one after
 * the other. A confirmation that closed answers every later verify as it closed: a repeat of a right
 * code its transaction, a locked or expired one its error.
 */
@Injectable()
export class ConfirmCheckOut {
  constructor(
    private readonly events: DomainEvents,
    private readonly bookings: BookingLedger,
    private readonly payments: PaymentsRepository,
    private readonly parties: BookingParties,
    private readonly checkOuts: CheckOutBooking,
    private readonly transactions: TransactionQueries,
    private readonly codes: ConfirmationCodes,
    private readonly dispatch: ConfirmationDispatch,
    private readonly awaiting: AwaitingCheckOuts,
    private readonly clock: Clock,
  ) {}

  /**
   * Right code: the claims lodged, the gap charged, the invoice issued. Wrong: 422 with the tries
   * left, the fifth cancels (409 `confirmation_locked`); late: 410 and cancelled. A payer or a card
   * that refuses when it is finished cancels it too (claims reversed), and so does a smaller benefit
   * than was approved; a gateway that does not answer leaves it waiting, to verify again.
   */
  async verify(
    organisationId: string,
    transactionId: string,
    confirmationId: string,
    code: string,
  ): Promise<TransactionView> {
    const compensations: Compensations = { undo: new Undo(), failures: [] };
    const step = { finishing: false };
    let outcome: Outcome;
    try {
      outcome = await this.events.transaction(() =>
        this.verifyLocked(organisationId, transactionId, confirmationId, code, compensations, step),
      );
    } catch (error) {
      const undone = await compensations.undo.run();
      // Refused while finishing, the check-out cannot be done as the patient approved it. A payer or
      // processor that did not answer may answer a second verify, unless what this one claimed could
      // not be taken back: another would claim it again.
      const final = step.finishing && error instanceof DomainError && (error.kind !== 'unavailable' || !undone);
      await this.events.transaction(async () => {
        if (final) await this.closeRefused(organisationId, transactionId, closingOf(error));
        for (const failure of compensations.failures)
          await this.events.record(failure.type, organisationId, failure.resource);
      });
      throw error;
    }
    if ('error' in outcome) throw outcome.error;
    return outcome.answer;
  }

  /** A new code in place of the last, with its own 15 minutes; at most 3 times. */
  async resend(organisationId: string, transactionId: string, confirmationId: string): Promise<TransactionView> {
    const outcome = await this.events.transaction(async (): Promise<Outcome> => {
      const { booking, transaction, confirmation } = await this.lock(organisationId, transactionId, confirmationId);
      const closed = this.closedAnswer(confirmation);
      if (closed) return { error: closed };
      const now = this.clock.now();
      if (now >= new Date(confirmation.expiresAt)) return { error: await this.awaiting.expire(transaction, now) };
      if (confirmation.resends >= CONFIRMATION_RESENDS) return { error: confirmationResendLimit() };
      const parties = await this.parties.read(organisationId, booking);
      const to = confirmation.channel === 'sms' ? parties.client?.mobileNumber : parties.client?.email;
      if (!to) return { error: confirmationChannelUnavailable(booking.clientId) };
      const issue = confirmation.issue + 1;
      const resent = transaction.codeResent(
        maskContact(confirmation.channel, to),
        confirmation.id,
        this.codes.keptHashOf(confirmation.id, issue),
        now,
      );
      await this.payments.save(transaction);
      await this.dispatch.expireLater(organisationId, transaction.id, resent);
      const view = await this.transactions.get(organisationId, transaction.id);
      const sent = confirmationSent(view, resent, to, parties.business.name, transaction.pendingCheckOut!);
      await this.events.record('confirmation.sent', organisationId, sent);
      return { answer: view };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.answer;
  }

  /**
   * The expiry job of one code: when that code is still the confirmation's and its time is up, the
   * check-out is cancelled, with `confirmation.expired`. A job run twice, or on two instances at once,
   * finds it cancelled the second time and does nothing.
   */
  async expireIfDue(job: ExpiryJob): Promise<void> {
    await this.events.transaction(async () => {
      const found = await this.lockOrNull(job.organisationId, job.transactionId, job.confirmationId);
      if (!found) return;
      const { transaction, confirmation } = found;
      const now = this.clock.now();
      if (transaction.status !== 'awaiting_confirmation' || confirmation.issue !== job.issue) return;
      // Taken early (the job engine's clock ahead of this one's): thrown, so the engine runs it again.
      if (now < new Date(confirmation.expiresAt))
        throw new Error(`Confirmation ${confirmation.id} expires at ${confirmation.expiresAt}: not yet`);
      await this.awaiting.expire(transaction, now);
    });
  }

  /**
   * The code to send in the message of the confirmation's `issue`th code, while that code is the one
   * that works; `null` once another replaced it, it expired, or the check-out no longer waits. The
   * message job asks this when it sends, so the stored message never holds the code.
   */
  async currentCode(
    organisationId: string,
    transactionId: string,
    confirmationId: string,
    issue: number,
  ): Promise<string | null> {
    const transaction = await this.payments.findTransaction(organisationId, transactionId);
    const confirmation = transaction?.confirmation(confirmationId);
    if (transaction?.status !== 'awaiting_confirmation' || !confirmation || confirmation.issue !== issue) return null;
    if (this.clock.now() >= new Date(confirmation.expiresAt)) return null;
    return this.codes.codeOf(confirmationId, issue);
  }

  /**
   * Inside the caller's transaction, which holds the booking's lock: the booking's check-out awaiting
   * the patient, if any, cancelled because the booking changed (cancelled, marked a no-show).
   */
  async cancelAwaitingOf(organisationId: string, bookingId: string): Promise<void> {
    const transaction = await this.payments.lockAwaitingOf(organisationId, bookingId);
    if (transaction) await this.awaiting.cancel(transaction, closingOf(confirmationCancelled()), this.clock.now());
  }

  private async verifyLocked(
    organisationId: string,
    transactionId: string,
    confirmationId: string,
    code: string,
    compensations: Compensations,
    step: { finishing: boolean },
  ): Promise<Outcome> {
    const { booking, transaction, confirmation } = await this.lock(organisationId, transactionId, confirmationId);
    if (confirmation.verified) return { answer: await this.transactions.get(organisationId, transactionId) };
    const closed = this.closedAnswer(confirmation);
    if (closed) return { error: closed };
    const now = this.clock.now();
    if (now >= new Date(confirmation.expiresAt)) return { error: await this.awaiting.expire(transaction, now) };
    if (!this.codes.matches(confirmation, code)) {
      const attemptsLeft = transaction.wrongCode(confirmation.id);
      if (attemptsLeft === 0) {
        await this.awaiting.cancel(transaction, closingOf(confirmationLocked()), now);
        return { error: confirmationLocked() };
      }
      await this.payments.save(transaction);
      return { error: confirmationCodeInvalid(attemptsLeft) };
    }
    step.finishing = true;
    return {
      answer: await this.checkOuts.finishConfirmed(organisationId, booking, transaction, confirmation, compensations),
    };
  }

  /** The error a closed confirmation answers; `null` while it waits. A verified one is answered by its transaction. */
  private closedAnswer(confirmation: Confirmation): DomainError | null {
    if (confirmation.verified)
      return conflict('confirmation_verified', 'The code was verified already: the check-out is done.');
    return confirmation.closedWith && errorOf(confirmation.closedWith);
  }

  /** After a refusal rolled the verify back: the awaiting check-out cancelled, answering `closedWith` from now on. */
  private async closeRefused(organisationId: string, transactionId: string, closedWith: ClosingError): Promise<void> {
    const transaction = await this.payments.findTransaction(organisationId, transactionId);
    if (!transaction?.bookingId) return;
    await this.bookings.lock(organisationId, transaction.bookingId);
    const locked = await this.payments.lockTransaction(organisationId, transactionId);
    if (locked?.status === 'awaiting_confirmation') await this.awaiting.cancel(locked, closedWith, this.clock.now());
  }

  private async lock(
    organisationId: string,
    transactionId: string,
    confirmationId: string,
  ): Promise<{ booking: BookingToSettle; transaction: Transaction; confirmation: Confirmation }> {
    const found = await this.lockOrNull(organisationId, transactionId, confirmationId);
    if (!found) throw confirmationNotFound(confirmationId);
    return found;
  }

  /** The booking's lock first, as every change of a booking's money takes it, then the transaction's. */
  private async lockOrNull(organisationId: string, transactionId: string, confirmationId: string) {
    const read = await this.payments.findTransaction(organisationId, transactionId);
    if (!read?.bookingId || !read.confirmation(confirmationId)) return null;
    const booking = await this.bookings.lock(organisationId, read.bookingId);
    const transaction = (await this.payments.lockTransaction(organisationId, transactionId))!;
    return { booking, transaction, confirmation: transaction.confirmation(confirmationId)! };
  }
}

const errorOf = (closed: ClosingError): DomainError => new DomainError(closed.kind, closed.code, closed.message);
