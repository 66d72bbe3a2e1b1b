import { Injectable } from '@nestjs/common';
import { Clock, DomainError } from '@app/shared/domain';
import type { Booking } from '../domain/booking.js';
import { assertClientMayReschedule, cancellationPolicyOf } from '../domain/cancellation-policy.js';
import { slotUnavailable } from '../domain/scheduling.errors.js';
import { AvailabilityQueries } from './availability.queries.js';
import { BookingQueries } from './booking.queries.js';
import { RescheduleBooking } from './reschedule-booking.use-case.js';

/**
 * The patient moves their booking through the manage token: only while the clinic's policy lets
 * them, only to a time availability offers now (same provider, location and service), and then by
 * the back office's own `RescheduleBooking`, whose locked checks decide a race for the slot.
 */
@Injectable()
export class RescheduleOnline {
  constructor(
    private readonly bookings: BookingQueries,
    private readonly availability: AvailabilityQueries,
    private readonly rescheduleBooking: RescheduleBooking,
    private readonly clock: Clock,
  ) {}

  async execute(token: string, startsAt: Date): Promise<void> {
    const booking = await this.bookings.byManageToken(token);
    const organisation = await this.availability.organisation(booking.organisationId);
    const allowed = (current: Booking, now: Date) =>
      assertClientMayReschedule(cancellationPolicyOf(organisation.bookingSettings, current, now));
    const now = this.clock.now();
    booking.assertReschedulable(now);
    allowed(booking, now);
    const wanted = {
      appointmentTypeId: booking.appointmentTypeId,
      locationId: booking.locationId,
      providerId: booking.providerId,
      startsAt,
    };
    if (!(await this.offered(organisation, wanted, booking.id))) throw slotUnavailable();
    // Checked again under the booking's lock: the clinic may have moved it meanwhile.
    await this.rescheduleBooking.execute(booking.organisationId, booking.id, { serviceDate: startsAt }, allowed);
  }

  /** A service, location or provider that availability no longer offers offers no time at all. */
  private async offered(...args: Parameters<AvailabilityQueries['isOffered']>): Promise<boolean> {
    try {
      return await this.availability.isOffered(...args);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') return false;
      throw error;
    }
  }
}
