import { Injectable } from '@nestjs/common';
import { assertIfMatch, Clock, DomainEvents } from '@app/shared/domain';
import type { ProviderLocationLink } from '../domain/provider-location-link.js';
import { PractitionerRepository } from '../domain/practitioner.repository.js';
import { locationLinkNotFound, providerNotFound } from '../domain/practitioners.errors.js';

/**
 * Archives a provider's link to a location: the provider no longer practises there for new
 * bookings, and may be linked there again. Archiving again changes nothing and records nothing.
 */
@Injectable()
export class DeleteLocationLink {
  constructor(
    private readonly practitioners: PractitionerRepository,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  execute(
    organisationId: string,
    providerId: string,
    linkId: string,
    ifMatch: string | undefined,
  ): Promise<ProviderLocationLink> {
    return this.events.transaction(async () => {
      // The provider first, as a new link locks it: its locationIds change with the archive.
      const provider = await this.practitioners.lockProvider(organisationId, providerId);
      if (!provider) throw providerNotFound(providerId);
      const link = await this.practitioners.lockLink(organisationId, providerId, linkId);
      if (!link) throw locationLinkNotFound(linkId);
      assertIfMatch(ifMatch, link.updatedAt);
      const now = this.clock.now();
      if (link.archive(now)) {
        provider.linksChanged(now);
        await this.practitioners.save(link, provider);
        await this.events.record('provider_location_link.deleted', organisationId, link);
      }
      return link;
    });
  }
}
