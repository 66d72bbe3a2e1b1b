import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { Clock, DomainEvents } from '@app/shared/domain';
import type { Booking } from '../domain/booking.js';
import { BookingRepository } from '../domain/booking.repository.js';
import { bookingNotFound } from '../domain/scheduling.errors.js';
import { BookingResponse } from '../http/dto/booking.dto.js';
import { BookingQueries } from './booking.queries.js';

@Injectable()
export class CancelBooking {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly queries: BookingQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  async execute(organisationId: string, bookingId: string): Promise<Booking> {
    return this.events.transaction(async () => {
      const booking = await this.bookings.change(organisationId, bookingId, (found) => found.cancel(this.clock.now()));
      if (!booking) throw bookingNotFound(bookingId);
      const cancelled = await this.queries.get(organisationId, bookingId, Expansion.none(), this.clock.now());
      await this.events.record('booking.cancelled', organisationId, BookingResponse.from(cancelled));
      return booking;
    });
  }
}
