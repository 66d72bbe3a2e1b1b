import { Injectable } from '@nestjs/common';
import { SqlReader } from '@app/shared';
import { Clock } from '@app/shared/domain';
import { type Location, LocationReader, type Organisation, OrganisationDirectory } from '@app/organisations';
import { ProviderQueries, type ProviderRow } from '@app/practitioners';
import { AppointmentType } from '../domain/appointment-type.js';
import { Booking } from '../domain/booking.js';
import { type CancellationPolicy, cancellationPolicyOf } from '../domain/cancellation-policy.js';
import { isManageTokenShaped, manageTokenHash } from '../domain/manage-token.js';
import { manageTokenNotFound } from '../domain/scheduling.errors.js';

/** A booking as its patient sees it through the manage token: nothing of anyone else. */
export interface PublicBookingView {
  booking: Booking;
  organisation: Organisation;
  service: AppointmentType;
  provider: ProviderRow;
  location: Location;
  cancellationPolicy: CancellationPolicy;
}

@Injectable()
export class PublicBookingQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationDirectory,
    private readonly locations: LocationReader,
    private readonly providers: ProviderQueries,
    private readonly clock: Clock,
  ) {}

  /** The booking a manage token names, or 404. */
  async bookingOf(token: string): Promise<Booking> {
    const [booking] = isManageTokenShaped(token) ? await this.sql.entities(Booking, 'where manage_token_hash = $1', [manageTokenHash(token)]) : [];
    if (!booking) throw manageTokenNotFound();
    return booking;
  }

  async view(token: string): Promise<PublicBookingView> {
    const booking = await this.bookingOf(token);
    const [organisation, locations, providers, [service]] = await Promise.all([
      this.organisations.findByIdOrSlug(booking.organisationId),
      this.locations.locations(booking.organisationId, [booking.locationId]),
      this.providers.byIds(booking.organisationId, [booking.providerId]),
      this.sql.entities(AppointmentType, 'where id = $1', [booking.appointmentTypeId]),
    ]);
    return {
      booking,
      organisation: organisation!,
      service,
      provider: providers.get(booking.providerId)!,
      location: locations.get(booking.locationId)!,
      cancellationPolicy: cancellationPolicyOf(organisation!.bookingSettings, booking, this.clock.now()),
    };
  }
}
