import { Injectable } from '@nestjs/common';
import { BookingQueries } from '@app/scheduling';
import { CancelBooking } from '../bookings/cancel-booking.use-case.js';

/** The patient cancels through the manage token: the back office's own `CancelBooking` does it. */
@Injectable()
export class CancelOnline {
  constructor(
    private readonly bookings: BookingQueries,
    private readonly cancelBooking: CancelBooking,
  ) {}

  async execute(token: string): Promise<void> {
    const booking = await this.bookings.byManageToken(token);
    await this.cancelBooking.execute(booking.organisationId, booking.id);
  }
}
