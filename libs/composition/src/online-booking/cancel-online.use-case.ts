import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import { assertClientMayCancel, BookingQueries, cancellationPolicyOf } from '@app/scheduling';
import { CancelBooking } from '../bookings/cancel-booking.use-case.js';

/**
 * The patient cancels through the manage token, where the clinic's policy lets patients cancel
 * online (409 `cancel_not_allowed` otherwise): the back office's own `CancelBooking` does it.
 */
@Injectable()
export class CancelOnline {
  constructor(
    private readonly bookings: BookingQueries,
    private readonly organisations: OrganisationQueries,
    private readonly cancelBooking: CancelBooking,
    private readonly clock: Clock,
  ) {}

  async execute(token: string): Promise<void> {
    const booking = await this.bookings.byManageToken(token);
    assertClientMayCancel(
      cancellationPolicyOf(await this.organisations.bookingSettings(booking.organisationId), booking, this.clock.now()),
    );
    await this.cancelBooking.execute(booking.organisationId, booking.id);
  }
}
