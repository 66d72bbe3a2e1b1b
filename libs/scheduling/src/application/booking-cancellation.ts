import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { type Cents, DomainEvents } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import type { Booking } from '../domain/booking.js';
import { BookingRepository } from '../domain/booking.repository.js';
import { cancellationPolicyOf, feeToCharge } from '../domain/cancellation-policy.js';
import { bookingNotFound } from '../domain/scheduling.errors.js';
import { BookingQueries, type BookingView } from './booking.queries.js';
import { BookingWriteReads } from './booking-write-reads.js';

/**
 * Scheduling's steps of a booking's cancellation, each inside the caller's database transaction:
 * the cancellation above the contexts also charges the fee and cancels the booking's payment links
 * between them.
 */
@Injectable()
export class BookingCancellation {
  constructor(
    private readonly reads: BookingWriteReads,
    private readonly bookings: BookingRepository,
    private readonly queries: BookingQueries,
    private readonly organisations: OrganisationQueries,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Cancels the booking, holding its row lock until the caller's transaction ends; the cancelled
   * booking as its GET answers it, read with the lock.
   */
  async cancel(organisationId: string, bookingId: string, now: Date): Promise<BookingView> {
    const found = await this.reads.change(organisationId, bookingId, (booking) => booking.cancel(now));
    if (!found) throw bookingNotFound(bookingId);
    return { booking: found.booking, expansion: Expansion.none(), ...found.parties };
  }

  /** The fee the organisation's policy makes billable now, and the card it is charged to; `null` when none is. */
  async feeDue(
    organisationId: string,
    booking: Booking,
    now: Date,
  ): Promise<{ amount: Cents; paymentMethodId: string } | null> {
    return feeToCharge(
      cancellationPolicyOf(await this.organisations.bookingSettings(organisationId), booking, now),
      booking,
    );
  }

  /**
   * Cancels the later occurrences of the booking's series that have not started (none for a booking
   * of no series), each row locked until the caller's transaction ends, earliest first; each as its
   * GET answers it.
   */
  async cancelLaterInSeries(organisationId: string, booking: Booking, now: Date): Promise<BookingView[]> {
    if (!booking.seriesId) return [];
    const later = await this.bookings.changeLaterInSeries(
      organisationId,
      booking.seriesId,
      booking.serviceDate,
      (found) => found.cancel(now),
    );
    return this.queries.withParties(organisationId, later, Expansion.none());
  }

  /** Records `booking.cancelled` of a booking `cancel` or `cancelLaterInSeries` cancelled. */
  async recordCancelled(organisationId: string, cancelled: BookingView): Promise<void> {
    await this.events.record('booking.cancelled', organisationId, cancelled);
  }
}
