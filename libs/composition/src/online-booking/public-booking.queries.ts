import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { DirectoryQueries, type Location, type Organisation, OrganisationQueries } from '@app/organisations';
import { PractitionerQueries, type ProviderView } from '@app/practitioners';
import {
  type AppointmentType,
  AppointmentTypeQueries,
  type Booking,
  BookingQueries,
  type CancellationPolicy,
  cancellationPolicyOf,
} from '@app/scheduling';

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
    private readonly bookings: BookingQueries,
    private readonly appointmentTypes: AppointmentTypeQueries,
    private readonly organisations: OrganisationQueries,
    private readonly locations: DirectoryQueries,
    private readonly providers: PractitionerQueries,
    private readonly clock: Clock,
  ) {}

  /** The booking a manage token names, with what its patient may see of the rest; 404 for an unknown token. */
  async view(token: string): Promise<PublicBookingView> {
    const booking = await this.bookings.byManageToken(token);
    const [organisation, locations, providers, service] = await Promise.all([
      this.organisations.findByIdOrSlug(booking.organisationId),
      this.locations.locations(booking.organisationId, [booking.locationId]),
      this.providers.byIds(booking.organisationId, [booking.providerId]),
      this.appointmentTypes.get(booking.organisationId, booking.appointmentTypeId),
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
