import { Injectable } from '@nestjs/common';
import { assertIfMatch, Clock, DomainEvents } from '@app/shared/domain';
import type { LocationLinkChanges, ProviderLocationLink } from '../domain/provider-location-link.js';
import { PractitionerRepository } from '../domain/practitioner.repository.js';
import { locationLinkNotFound } from '../domain/practitioners.errors.js';

/**
 * Changes the fields sent of a provider's link to a location; a change records
 * `provider_location_link.updated`. Bookings made through the link keep pointing at it.
 */
@Injectable()
export class UpdateLocationLink {
  constructor(
    private readonly practitioners: PractitionerRepository,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  execute(
    organisationId: string,
    providerId: string,
    linkId: string,
    changes: LocationLinkChanges,
    ifMatch: string | undefined,
  ): Promise<ProviderLocationLink> {
    return this.events.transaction(async () => {
      const link = await this.practitioners.lockLink(organisationId, providerId, linkId);
      if (!link) throw locationLinkNotFound(linkId);
      assertIfMatch(ifMatch, link.updatedAt);
      if (link.update(changes, this.clock.now())) {
        await this.practitioners.save(link);
        await this.events.record('provider_location_link.updated', organisationId, link);
      }
      return link;
    });
  }
}
