import { Injectable } from '@nestjs/common';
import { CancelBooking } from './cancel-booking.use-case.js';
import { PublicBookingQueries, type PublicBookingView } from './public-booking.queries.js';

/** The patient cancels through the manage token: the back office's own `CancelBooking` does it. */
@Injectable()
export class CancelOnline {
  constructor(
    private readonly queries: PublicBookingQueries,
    private readonly cancelBooking: CancelBooking,
  ) {}

  async execute(token: string): Promise<PublicBookingView> {
    const booking = await this.queries.bookingOf(token);
    await this.cancelBooking.execute(booking.organisationId, booking.id);
    return this.queries.view(token);
  }
}
