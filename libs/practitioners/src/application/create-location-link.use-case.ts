import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents, referenceNotFound } from '@app/shared/domain';
import { DirectoryQueries } from '@app/organisations';
import { type NewLocationLink, ProviderLocationLink } from '../domain/provider-location-link.js';
import { LiveLinkExistsError, PractitionerRepository } from '../domain/practitioner.repository.js';
import { locationLinkExists, providerDeleted, providerNotFound } from '../domain/practitioners.errors.js';

/** Links a provider to a location (one live link per pair) and records `provider_location_link.created`. */
@Injectable()
export class CreateLocationLink {
  constructor(
    private readonly practitioners: PractitionerRepository,
    private readonly directory: DirectoryQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  execute(organisationId: string, providerId: string, props: NewLocationLink): Promise<ProviderLocationLink> {
    return this.events.transaction(async () => {
      // Locked, so an archive of the provider cannot slip in before the link lands.
      const provider = await this.practitioners.lockProvider(organisationId, providerId);
      if (!provider) throw providerNotFound(providerId);
      if (provider.deleted) throw providerDeleted(providerId);
      if (!(await this.directory.locationExists(organisationId, props.locationId)))
        throw referenceNotFound('locationId', 'Location', props.locationId);
      const now = this.clock.now();
      const link = ProviderLocationLink.create(organisationId, providerId, props, now);
      try {
        await this.practitioners.addLink(link);
      } catch (error) {
        if (error instanceof LiveLinkExistsError) throw locationLinkExists(providerId, props.locationId);
        throw error;
      }
      provider.linksChanged(now);
      await this.practitioners.save(provider);
      await this.events.record('provider_location_link.created', organisationId, link);
      return link;
    });
  }
}
