import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { Clock, DomainEvents } from '@app/shared/domain';
import type { Booking } from '../domain/booking.js';
import { BookingRepository } from '../domain/booking.repository.js';
import { bookingNotFound } from '../domain/scheduling.errors.js';
import { BookingPlacement } from './booking-placement.js';
import type { BookingView } from './booking.queries.js';

export interface RescheduleBookingCommand {
  serviceDate: Date;
  /** Another provider; the booking's own when omitted. */
  providerId?: string;
  /** Another location; the booking's own when omitted. */
  locationId?: string;
}

/**
 * Moves a booking to another time, and perhaps another provider or location, by the rules a new
 * booking follows there. It stays the same booking: id, client, price, payment method, transactions
 * and manage token. The booking's row lock is taken first (as a cancellation and a check-out take
 * it), then the new provider's diary lock (as a create takes it, with the new place's parties), so
 * a move and a create racing for one slot have one winner.
 */
@Injectable()
export class RescheduleBooking {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly placement: BookingPlacement,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /**
   * The booking as its GET answers it after the move; `booking.rescheduled` records where it was.
   * A move to where it is changes nothing. `allowed` is a caller's own rule about the booking as it
   * stands under its lock (the patient's policy window), checked before anything moves.
   */
  async execute(
    organisationId: string,
    bookingId: string,
    command: RescheduleBookingCommand,
    allowed: (booking: Booking, now: Date) => void = () => undefined,
  ): Promise<BookingView> {
    return this.events.transaction(async () => {
      const now = this.clock.now();
      const booking = await this.bookings.change(organisationId, bookingId, (found) => {
        found.assertReschedulable(now);
        allowed(found, now);
      });
      if (!booking) throw bookingNotFound(bookingId);
      const place = {
        providerId: command.providerId ?? booking.providerId,
        locationId: command.locationId ?? booking.locationId,
        appointmentTypeId: booking.appointmentTypeId,
      };
      const reads = await this.placement.lock(organisationId, place, booking.clientId);
      const { link, type } = this.placement.verify(place, reads);
      const previous = {
        serviceDate: booking.serviceDate.toISOString(),
        providerId: booking.providerId,
        locationId: booking.locationId,
      };
      const slot = {
        id: booking.id,
        providerId: place.providerId,
        locationId: place.locationId,
        serviceDate: command.serviceDate,
        endsAt: new Date(command.serviceDate.getTime() + booking.endsAt.getTime() - booking.serviceDate.getTime()),
      };
      let moved = false;
      await this.placement.reserve(reads.lock, [slot], type, (diary) => {
        moved = booking.reschedule({ ...slot, providerLocationLinkId: link.id }, now);
        if (moved) diary.move(booking);
      });
      // Where the booking is now (moved or not, the place read): its answer, and the event's `data`.
      const { provider, location, appointmentType, client } = reads;
      const rescheduled: BookingView = {
        booking,
        expansion: Expansion.none(),
        provider,
        location,
        appointmentType,
        client,
      };
      if (moved) {
        await this.events.record('booking.rescheduled', organisationId, rescheduled, { previous });
      }
      return rescheduled;
    });
  }
}
