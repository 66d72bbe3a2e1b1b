import { Injectable } from '@nestjs/common';
import { assertIfMatch, Clock, DomainEvents, notFound, referenceNotFound } from '@app/shared/domain';
import { DirectoryRepository } from '../domain/directory.repository.js';
import type { Location, LocationChanges } from '../domain/location.js';
import { LocationBookings } from '../domain/location-bookings.js';
import { locationHasBookings } from '../domain/organisations.errors.js';

@Injectable()
export class UpdateLocation {
  constructor(
    private readonly directory: DirectoryRepository,
    private readonly bookings: LocationBookings,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  /**
   * Existing bookings keep their instants: a new time zone would move their wall-clock times, so it is
   * refused while any is still to come. `ifMatch`: the `If-Match` header (412 when it is not current).
   */
  execute(organisationId: string, locationId: string, changes: LocationChanges, ifMatch?: string): Promise<Location> {
    return this.events.transaction(async () => {
      const location = await this.directory.lockLocation(organisationId, locationId);
      if (!location) throw notFound('Location', locationId);
      assertIfMatch(ifMatch, location.updatedAt);
      const { businessId } = changes;
      if (
        businessId !== undefined &&
        businessId !== location.businessId &&
        !(await this.directory.findBusiness(organisationId, businessId))
      ) {
        throw referenceNotFound('businessId', 'Business', businessId);
      }
      const now = this.clock.now();
      if (
        location.newTimeZoneIn(changes) !== null &&
        (await this.bookings.hasUpcomingConfirmed(organisationId, locationId, now))
      ) {
        throw locationHasBookings(locationId);
      }
      if (!location.update(changes, now)) return location;
      await this.directory.save(location);
      await this.events.record('location.updated', organisationId, location);
      return location;
    });
  }
}
