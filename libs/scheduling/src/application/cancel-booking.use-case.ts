import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { Clock, DomainEvents, Undo } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import { CancelBookingLinks, ChargeCancellationFee } from '@app/payments-and-claims';
import type { Booking } from '../domain/booking.js';
import { BookingRepository } from '../domain/booking.repository.js';
import { cancellationPolicyOf } from '../domain/cancellation-policy.js';
import { bookingNotFound, noPaymentMethod } from '../domain/scheduling.errors.js';
import { BookingQueries, type BookingView } from './booking.queries.js';

@Injectable()
export class CancelBooking {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly queries: BookingQueries,
    private readonly organisations: OrganisationQueries,
    private readonly fees: ChargeCancellationFee,
    private readonly links: CancelBookingLinks,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /**
   * The cancelled booking as its GET answers it, read in the transaction that cancelled it. With
   * `chargeCancellationFee`, a fee the policy makes billable now is charged to the booking's
   * payment method in the same transaction: a declined card leaves the booking as it was, and a
   * cancellation that does not commit refunds the fee it charged. A booking already paid (in whole
   * or in part) is refused the fee, and stays as it was. Its payment links still waiting to be paid
   * are cancelled with it.
   */
  async execute(organisationId: string, bookingId: string, options: { chargeCancellationFee?: boolean } = {}): Promise<BookingView> {
    const undo = new Undo();
    try {
      return await this.events.transaction(async () => {
        const now = this.clock.now();
        const booking = await this.bookings.change(organisationId, bookingId, (found) => found.cancel(now));
        if (!booking) throw bookingNotFound(bookingId);
        if (options.chargeCancellationFee) await this.chargeFee(organisationId, booking, now, undo);
        await this.links.execute(organisationId, booking.id);
        const cancelled = await this.queries.get(organisationId, bookingId, Expansion.none(), this.clock.now());
        await this.events.record('booking.cancelled', organisationId, cancelled);
        return cancelled;
      });
    } catch (error) {
      await undo.run();
      throw error;
    }
  }

  private async chargeFee(organisationId: string, booking: Booking, now: Date, undo: Undo): Promise<void> {
    await this.fees.assertNothingPaid(organisationId, booking);
    const policy = cancellationPolicyOf(await this.organisations.bookingSettings(organisationId), booking, now);
    if (!policy.enabled || !policy.fee.billable || policy.fee.amount <= 0) return;
    if (!booking.paymentMethodId) throw noPaymentMethod(booking.id);
    await this.fees.charge(organisationId, { ...booking, paymentMethodId: booking.paymentMethodId }, policy.fee.amount, undo);
  }
}
