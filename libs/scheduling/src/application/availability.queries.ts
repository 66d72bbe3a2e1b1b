import { Injectable } from '@nestjs/common';
import { Clock, isUuid, notFound, referenceNotFound } from '@app/shared/domain';
import { DirectoryQueries, type Location, type Organisation, OrganisationQueries } from '@app/organisations';
import { PractitionerQueries } from '@app/practitioners';
import type { AppointmentType } from '../domain/appointment-type.js';
import { AppointmentTypeQueries } from './appointment-type.queries.js';
import { type AvailableDay, availableDays, dayRange, instantsOf, localDateOf } from '../domain/availability.js';
import { ProviderScheduleQueries } from './provider-schedule.queries.js';

export interface AvailabilityRequest {
  appointmentTypeId: string;
  locationId: string;
  providerId?: string;
  /** `YYYY-MM-DD` in the location's zone, both included. */
  from: string;
  to: string;
}

export interface Availability {
  timeZone: string;
  days: AvailableDay[];
}

/** What a slot is offered for: an organisation's service at one of its locations. */
interface Offer {
  type: AppointmentType;
  location: Location;
  /** Bookable providers of the type at the location (just the one asked for, when one is). */
  providerIds: string[];
}

/**
 * Public availability. Seven statements whatever the number of providers or days: the
 * organisation, the type, the location, the bookable providers, and their hours, time off and bookings.
 */
@Injectable()
export class AvailabilityQueries {
  constructor(
    private readonly organisations: OrganisationQueries,
    private readonly locations: DirectoryQueries,
    private readonly providers: PractitionerQueries,
    private readonly schedules: ProviderScheduleQueries,
    private readonly appointmentTypes: AppointmentTypeQueries,
    private readonly clock: Clock,
  ) {}

  async organisation(idOrSlug: string): Promise<Organisation> {
    const organisation = await this.organisations.findByIdOrSlug(idOrSlug);
    if (!organisation) throw notFound('Organisation', idOrSlug);
    return organisation;
  }

  async find(idOrSlug: string, request: AvailabilityRequest): Promise<Availability> {
    const organisation = await this.organisation(idOrSlug);
    const offer = await this.offer(organisation, request);
    const range = dayRange(offer.location.timeZone, request.from, request.to);
    return { timeZone: offer.location.timeZone, days: await this.days(organisation, offer, range) };
  }

  /**
   * Whether the provider is free for the service at exactly `startsAt`, by the same rules as the
   * listed times. `moving` is a booking being moved, left out of the provider's diary.
   */
  async isOffered(
    organisation: Organisation,
    request: Omit<AvailabilityRequest, 'from' | 'to'> & { providerId: string; startsAt: Date },
    moving?: string,
  ): Promise<boolean> {
    const offer = await this.offer(organisation, request);
    const date = localDateOf(request.startsAt, offer.location.timeZone);
    const [day] = await this.days(organisation, offer, dayRange(offer.location.timeZone, date, date), moving);
    return day.slots.some(
      (slot) => slot.startsAt.getTime() === request.startsAt.getTime() && slot.providerIds.includes(request.providerId),
    );
  }

  private async days(
    organisation: Organisation,
    offer: Offer,
    range: ReturnType<typeof dayRange>,
    moving?: string,
  ): Promise<AvailableDay[]> {
    const schedules = organisation.bookingsEnabled
      ? await this.schedules.schedules(offer.providerIds, offer.location.id, instantsOf(range), moving)
      : [];
    const service = {
      appointmentTypeId: offer.type.id,
      durationMinutes: offer.type.durationMinutes,
      maxAttendees: offer.type.maxAttendees,
      locationId: offer.location.id,
    };
    return availableDays(range, service, schedules, organisation.bookingSettings, this.clock.now());
  }

  private async offer(
    organisation: Organisation,
    request: Pick<AvailabilityRequest, 'appointmentTypeId' | 'locationId' | 'providerId'>,
  ): Promise<Offer> {
    const [type, locations, bookable] = await Promise.all([
      isUuid(request.appointmentTypeId)
        ? this.appointmentTypes.findOffered(organisation.id, request.appointmentTypeId)
        : null,
      this.locations.locations(organisation.id, isUuid(request.locationId) ? [request.locationId] : []),
      isUuid(request.locationId)
        ? this.providers.bookableAt(
            organisation.id,
            request.locationId,
            request.providerId !== undefined && isUuid(request.providerId) ? request.providerId : undefined,
          )
        : [],
    ]);
    const location = locations.get(request.locationId);
    if (!type) throw referenceNotFound('appointmentTypeId', 'Appointment type', request.appointmentTypeId);
    if (!location) throw referenceNotFound('locationId', 'Location', request.locationId);
    if (request.providerId !== undefined && !bookable.some((provider) => provider.id === request.providerId)) {
      throw referenceNotFound('providerId', 'Provider', request.providerId);
    }
    const offered = type.locationIds.includes(location.id);
    const providerIds = bookable
      .filter(
        (provider) => offered && type.providerIds.includes(provider.id) && provider.locationIds.includes(location.id),
      )
      .filter((provider) => request.providerId === undefined || provider.id === request.providerId)
      .map((provider) => provider.id);
    return { type, location, providerIds };
  }
}
