import { Injectable } from '@nestjs/common';
import { type Cents, Clock, type Undo } from '@app/shared/domain';
import { bookingHasClaim } from '../../ledger/domain/payments.errors.js';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import { CancelWaitingPayments } from './cancel-waiting-payments.js';
import { ConfirmCheckOut } from './confirm-check-out.use-case.js';
import { type BookingFeeKind, ChargeCancellationFee, type FeeBooking } from './charge-cancellation-fee.js';

/**
 * What a booking's cancellation asks of payments (and a no-show's marking, of its fee), each inside
 * the caller's database transaction, which holds the booking's lock. The port the cancellation and
 * the attendance above the contexts call; `PaymentsForCancellation` is what the module binds, and
 * specs fake it whole.
 */
export abstract class CancellationPayments {
  /** Refuses a fee for a booking that is paid, or holds part of its price. */
  abstract assertNothingPaid(
    organisationId: string,
    booking: { id: string; paid: boolean },
    kind: BookingFeeKind,
  ): Promise<void>;
  /** Charges the fee to the booking's card as its own transaction; its refund goes on `undo`. */
  abstract chargeFee(
    organisationId: string,
    booking: FeeBooking,
    fee: { kind: BookingFeeKind; amount: Cents },
    undo: Undo,
  ): Promise<void>;
  /** Cancels the booking's payments that wait for a payer: links still to be paid, card payments waiting for the payer's bank. */
  abstract cancelWaitingPayments(organisationId: string, bookingId: string): Promise<void>;
  /**
   * Cancels the booking's check-out awaiting the patient's agreement, for a booking marked a no-show.
   * (A cancelled booking has none: only one whose service has come is checked out with a claim, and
   * such a booking is no longer cancelled.)
   */
  abstract cancelAwaitingConfirmation(organisationId: string, bookingId: string): Promise<void>;
  /** Refuses a booking with a claim not voided (`booking_has_claim`): its service happened. */
  abstract assertNotClaimed(organisationId: string, bookingId: string): Promise<void>;
}

@Injectable()
export class PaymentsForCancellation extends CancellationPayments {
  constructor(
    private readonly fees: ChargeCancellationFee,
    private readonly waiting: CancelWaitingPayments,
    private readonly confirmations: ConfirmCheckOut,
    private readonly payments: PaymentsRepository,
    private readonly clock: Clock,
  ) {
    super();
  }

  assertNothingPaid(
    organisationId: string,
    booking: { id: string; paid: boolean },
    kind: BookingFeeKind,
  ): Promise<void> {
    return this.fees.assertNothingPaid(organisationId, booking, kind);
  }

  chargeFee(
    organisationId: string,
    booking: FeeBooking,
    fee: { kind: BookingFeeKind; amount: Cents },
    undo: Undo,
  ): Promise<void> {
    return this.fees.charge(organisationId, booking, fee, undo);
  }

  cancelWaitingPayments(organisationId: string, bookingId: string): Promise<void> {
    return this.waiting.execute(organisationId, bookingId);
  }

  cancelAwaitingConfirmation(organisationId: string, bookingId: string): Promise<void> {
    return this.confirmations.cancelAwaitingOf(organisationId, bookingId);
  }

  async assertNotClaimed(organisationId: string, bookingId: string): Promise<void> {
    const earlier = await this.payments.earlierCheckOutsOf(organisationId, bookingId, this.clock.now());
    if (earlier.healthFundClaimed || earlier.medicareClaimed) throw bookingHasClaim(bookingId);
  }
}
