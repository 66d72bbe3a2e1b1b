import { Injectable } from '@nestjs/common';
import { notFound } from '@app/shared/domain';
import {
  type Business,
  type Location,
  DirectoryQueries,
  type Organisation,
  OrganisationQueries,
} from '@app/organisations';
import { PractitionerQueries, type ProviderView } from '@app/practitioners';
import { type AppointmentType, AppointmentTypeQueries } from '@app/scheduling';

/** What a public booking page needs of an organisation, and nothing a patient should not see. */
export interface BookingData {
  organisation: Organisation;
  services: AppointmentType[];
  locations: Location[];
  providers: ProviderView[];
  businesses: Business[];
}

@Injectable()
export class BookingDataQueries {
  constructor(
    private readonly organisations: OrganisationQueries,
    private readonly appointmentTypes: AppointmentTypeQueries,
    private readonly locations: DirectoryQueries,
    private readonly providers: PractitionerQueries,
  ) {}

  /** By `org_…` id or by slug. */
  async get(idOrSlug: string): Promise<BookingData> {
    const organisation = await this.organisations.findByIdOrSlug(idOrSlug);
    if (!organisation) throw notFound('Organisation', idOrSlug);
    const [services, locations, providers, businesses] = await Promise.all([
      this.appointmentTypes.offered(organisation.id),
      this.locations.locationsOf(organisation.id),
      this.providers.bookable(organisation.id),
      this.locations.businessesOf(organisation.id),
    ]);
    return { organisation, services, locations, providers, businesses };
  }
}
