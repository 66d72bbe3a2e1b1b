import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { type Cents, DomainEvents } from '@app/shared/domain';
import { DirectoryQueries, OrganisationQueries } from '@app/organisations';
import type { Attendance, Booking } from '../domain/booking.js';
import { BookingRepository } from '../domain/booking.repository.js';
import { cancellationPolicyOf, feeToCharge } from '../domain/cancellation-policy.js';
import { bookingNotFound } from '../domain/scheduling.errors.js';
import { BookingQueries, type BookingView } from './booking.queries.js';

const EVENTS = { arrived: 'booking.arrived', no_show: 'booking.no_show' } as const;

/**
 * Scheduling's steps of marking whether a client came, each inside the caller's database
 * transaction: the marking above the contexts also charges a no-show's fee between them.
 */
@Injectable()
export class BookingAttendance {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly queries: BookingQueries,
    private readonly organisations: OrganisationQueries,
    private readonly locations: DirectoryQueries,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Marks the booking, holding its row lock until the caller's transaction ends. `changed` is false
   * when it was already so marked.
   */
  async mark(
    organisationId: string,
    bookingId: string,
    attendance: Attendance,
    now: Date,
  ): Promise<{ booking: Booking; changed: boolean }> {
    // Locked first: `arrived` reads the zone of the booking's location as it stands under the lock.
    const locked = await this.bookings.change(organisationId, bookingId, () => undefined);
    if (!locked) throw bookingNotFound(bookingId);
    const timeZone = attendance === 'arrived' ? await this.timeZoneOf(organisationId, locked.locationId) : '';
    let changed = false;
    const booking = await this.bookings.change(organisationId, bookingId, (found) => {
      if (attendance === 'arrived') changed = found.markArrived(now, timeZone);
      else if (attendance === 'no_show') changed = found.markNoShow(now);
      else changed = found.markPending(now);
    });
    if (!booking) throw bookingNotFound(bookingId);
    return { booking, changed };
  }

  /** The policy's fee for a no-show and the card it is charged to; `null` when the policy has none. */
  async noShowFeeDue(
    organisationId: string,
    booking: Booking,
    now: Date,
  ): Promise<{ amount: Cents; paymentMethodId: string } | null> {
    return feeToCharge(
      cancellationPolicyOf(await this.organisations.bookingSettings(organisationId), booking, now),
      booking,
    );
  }

  /** Remembers that the booking's no-show fee was charged, so no later request charges it again. */
  async noShowFeeCharged(organisationId: string, bookingId: string, now: Date): Promise<void> {
    await this.bookings.change(organisationId, bookingId, (found) => found.recordNoShowFee(now));
  }

  /** The booking as its GET answers it, recorded as `booking.arrived` or `booking.no_show` when it was `changed` to one. */
  async record(organisationId: string, bookingId: string, changed: Attendance | null): Promise<BookingView> {
    const marked = await this.queries.get(organisationId, bookingId, Expansion.none());
    if (changed === 'arrived' || changed === 'no_show')
      await this.events.record(EVENTS[changed], organisationId, marked);
    return marked;
  }

  private async timeZoneOf(organisationId: string, locationId: string): Promise<string> {
    const location = (await this.locations.locations(organisationId, [locationId])).get(locationId);
    // A booking's location is never removed: archived locations stay readable.
    if (!location) throw new Error(`Location ${locationId} of a booking was not found`);
    return location.timeZone;
  }
}
