import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents, Undo } from '@app/shared/domain';
import { CancellationPayments } from '@app/payments-and-claims';
import { type Booking, BookingCancellation, type BookingView } from '@app/scheduling';

/** `this` cancels the one booking; `following`, it and the later occurrences of its series that have not started. */
export type CancelScope = 'this' | 'following';

/**
 * Cancels a booking: scheduling cancels it, payments charges the cancellation fee and cancels the
 * payments still waiting for a payer (links, and card payments waiting for the payer's bank), all in one database transaction that holds the booking's
 * lock from the start (the lock a check-out and a link's payer take first).
 */
@Injectable()
export class CancelBooking {
  constructor(
    private readonly bookings: BookingCancellation,
    private readonly payments: CancellationPayments,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /**
   * The cancelled booking as its GET answers it, read with its lock in the transaction that
   * cancelled it (neither the fee nor the waiting payments change the booking). With
   * `chargeCancellationFee`, a fee the policy makes billable now is charged to the booking's
   * payment method in the same transaction: a declined card leaves the booking as it was, and a
   * cancellation that does not commit refunds the fee it charged. A booking already paid (in whole
   * or in part) is refused the fee, and stays as it was. With `scope: 'following'`, the later
   * occurrences of its series are cancelled with it, each with its own event and its waiting payments; the
   * fee, if asked, is charged for this booking alone: one cancellation, one fee.
   */
  async execute(
    organisationId: string,
    bookingId: string,
    options: { chargeCancellationFee?: boolean; scope?: CancelScope } = {},
  ): Promise<BookingView> {
    const undo = new Undo();
    try {
      return await this.events.transaction(async () => {
        const now = this.clock.now();
        const cancelled = await this.bookings.cancel(organisationId, bookingId, now);
        if (options.chargeCancellationFee) await this.chargeFee(organisationId, cancelled.booking, now, undo);
        const later =
          options.scope === 'following'
            ? await this.bookings.cancelLaterInSeries(organisationId, cancelled.booking, now)
            : [];
        for (const { booking } of [cancelled, ...later])
          await this.payments.cancelWaitingPayments(organisationId, booking.id);
        for (const view of [cancelled, ...later]) await this.bookings.recordCancelled(organisationId, view);
        return cancelled;
      });
    } catch (error) {
      await undo.run();
      throw error;
    }
  }

  private async chargeFee(organisationId: string, booking: Booking, now: Date, undo: Undo): Promise<void> {
    await this.payments.assertNothingPaid(organisationId, booking, 'cancellation');
    const fee = await this.bookings.feeDue(organisationId, booking, now);
    if (fee)
      await this.payments.chargeFee(
        organisationId,
        { ...booking, paymentMethodId: fee.paymentMethodId },
        { kind: 'cancellation', amount: fee.amount },
        undo,
      );
  }
}
