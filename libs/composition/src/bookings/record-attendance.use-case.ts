import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents, invalidField, Undo } from '@app/shared/domain';
import { CancellationPayments } from '@app/payments-and-claims';
import { type Attendance, type Booking, BookingAttendance, type BookingView } from '@app/scheduling';

export interface RecordAttendanceCommand {
  attendance: Attendance;
  /** With `no_show`: charge the cancellation policy's fee to the booking's card, once a booking at most. */
  chargeNoShowFee?: boolean;
}

/**
 * Marks whether a booking's client came: scheduling marks it and payments charges a no-show's fee,
 * in one database transaction that holds the booking's lock from the start. Concurrent marks of one
 * booking run one after another, so its fee is charged once whatever the number of requests.
 */
@Injectable()
export class RecordAttendance {
  constructor(
    private readonly bookings: BookingAttendance,
    private readonly payments: CancellationPayments,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /**
   * The booking as its GET answers it, read in the transaction that marked it; `booking.arrived` or
   * `booking.no_show` recorded when the mark changed. A no-show's fee is all or nothing: a declined
   * card, no card, or a booking that holds money leaves the booking as it was; a marking that does
   * not commit refunds the fee it charged; a booking whose fee was charged is never charged again.
   */
  async execute(organisationId: string, bookingId: string, command: RecordAttendanceCommand): Promise<BookingView> {
    if (command.chargeNoShowFee && command.attendance !== 'no_show')
      throw invalidField(
        'chargeNoShowFee',
        'requires_no_show',
        'a no-show fee is charged only with attendance no_show',
      );
    const undo = new Undo();
    try {
      return await this.events.transaction(async () => {
        const now = this.clock.now();
        const { booking, changed } = await this.bookings.mark(organisationId, bookingId, command.attendance, now);
        // A no-show had no service: nothing was claimed for it, and nothing waits to be paid for it.
        if (changed && command.attendance === 'no_show') {
          await this.payments.assertNotClaimed(organisationId, booking.id);
          await this.payments.cancelAwaitingConfirmation(organisationId, booking.id);
          await this.payments.cancelWaitingPayments(organisationId, booking.id);
        }
        if (command.chargeNoShowFee && !booking.noShowFeeChargedAt)
          await this.chargeFee(organisationId, booking, now, undo);
        return this.bookings.record(organisationId, booking.id, changed ? command.attendance : null);
      });
    } catch (error) {
      await undo.run();
      throw error;
    }
  }

  private async chargeFee(organisationId: string, booking: Booking, now: Date, undo: Undo): Promise<void> {
    await this.payments.assertNothingPaid(organisationId, booking, 'no_show');
    const fee = await this.bookings.noShowFeeDue(organisationId, booking, now);
    if (!fee) return;
    await this.payments.chargeFee(
      organisationId,
      { ...booking, paymentMethodId: fee.paymentMethodId },
      { kind: 'no_show', amount: fee.amount },
      undo,
    );
    await this.bookings.noShowFeeCharged(organisationId, booking.id, now);
  }
}
