import { Injectable } from '@nestjs/common';
import { SqlReader } from '@app/shared';
import { Clock } from '@app/shared/domain';
import { DirectoryQueries, type Location, type Organisation, OrganisationQueries } from '@app/organisations';
import { PractitionerQueries, type ProviderView } from '@app/practitioners';
import type { AppointmentType } from '../domain/appointment-type.js';
import type { Booking } from '../domain/booking.js';
import { type CancellationPolicy, cancellationPolicyOf } from '../domain/cancellation-policy.js';
import { isManageTokenShaped, manageTokenHash } from '../domain/manage-token.js';
import { manageTokenNotFound } from '../domain/scheduling.errors.js';
import { APPOINTMENT_TYPES } from './appointment-type.queries.js';
import { BOOKINGS } from './booking.queries.js';

/** A booking as its patient sees it through the manage token: nothing of anyone else. */
export interface PublicBookingView {
  booking: Booking;
  organisation: Organisation;
  service: AppointmentType;
  provider: ProviderView;
  location: Location;
  cancellationPolicy: CancellationPolicy;
}

@Injectable()
export class PublicBookingQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationQueries,
    private readonly locations: DirectoryQueries,
    private readonly providers: PractitionerQueries,
    private readonly clock: Clock,
  ) {}

  /** The booking a manage token names, or 404. */
  async bookingOf(token: string): Promise<Booking> {
    const booking = isManageTokenShaped(token) ? await this.sql.first(BOOKINGS, 'where b.manage_token_hash = $1', [manageTokenHash(token)]) : null;
    if (!booking) throw manageTokenNotFound();
    return booking;
  }

  async view(token: string): Promise<PublicBookingView> {
    const booking = await this.bookingOf(token);
    const [organisation, locations, providers, service] = await Promise.all([
      this.organisations.findByIdOrSlug(booking.organisationId),
      this.locations.locations(booking.organisationId, [booking.locationId]),
      this.providers.byIds(booking.organisationId, [booking.providerId]),
      this.sql.first(APPOINTMENT_TYPES, 'where t.id = $1', [booking.appointmentTypeId]),
    ]);
    return {
      booking,
      organisation: organisation!,
      service: service!,
      provider: providers.get(booking.providerId)!,
      location: locations.get(booking.locationId)!,
      cancellationPolicy: cancellationPolicyOf(organisation!.bookingSettings, booking, this.clock.now()),
    };
  }
}
