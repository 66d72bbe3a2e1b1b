import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import type { Booking } from '../domain/booking.js';
import { BookingRepository } from '../domain/booking.repository.js';
import { bookingNotFound } from '../domain/scheduling.errors.js';

@Injectable()
export class CancelBooking {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, bookingId: string): Promise<Booking> {
    const booking = await this.bookings.change(organisationId, bookingId, (found) => found.cancel(this.clock.now()));
    if (!booking) throw bookingNotFound(bookingId);
    return booking;
  }
}
