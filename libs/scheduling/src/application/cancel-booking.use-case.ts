import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { Clock, DomainEvents } from '@app/shared/domain';
import { BookingRepository } from '../domain/booking.repository.js';
import { bookingNotFound } from '../domain/scheduling.errors.js';
import { BookingResponse } from '../http/dto/booking.dto.js';
import { BookingQueries, type BookingView } from './booking.queries.js';

@Injectable()
export class CancelBooking {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly queries: BookingQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /** The cancelled booking as its GET answers it, read in the transaction that cancelled it. */
  async execute(organisationId: string, bookingId: string): Promise<BookingView> {
    return this.events.transaction(async () => {
      const booking = await this.bookings.change(organisationId, bookingId, (found) => found.cancel(this.clock.now()));
      if (!booking) throw bookingNotFound(bookingId);
      const cancelled = await this.queries.get(organisationId, bookingId, Expansion.none(), this.clock.now());
      await this.events.record('booking.cancelled', organisationId, BookingResponse.from(cancelled));
      return cancelled;
    });
  }
}
