import { Injectable } from '@nestjs/common';
import { Clock, referenceNotFound } from '@app/shared/domain';
import { DirectoryQueries } from '@app/organisations';
import { type NewLocationLink, ProviderLocationLink } from '../domain/provider-location-link.js';
import { LiveLinkExistsError, PractitionerRepository } from '../domain/practitioner.repository.js';
import { locationLinkExists, providerDeleted, providerNotFound } from '../domain/practitioners.errors.js';

@Injectable()
export class CreateLocationLink {
  constructor(
    private readonly practitioners: PractitionerRepository,
    private readonly directory: DirectoryQueries,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, providerId: string, props: NewLocationLink): Promise<ProviderLocationLink> {
    const provider = await this.practitioners.findProvider(organisationId, providerId);
    if (!provider) throw providerNotFound(providerId);
    if (provider.deleted) throw providerDeleted(providerId);
    if (!(await this.directory.locationExists(organisationId, props.locationId))) throw referenceNotFound('locationId', 'Location', props.locationId);
    const link = ProviderLocationLink.create(organisationId, providerId, props, this.clock.now());
    try {
      await this.practitioners.addLink(link);
    } catch (error) {
      if (error instanceof LiveLinkExistsError) throw locationLinkExists(providerId, props.locationId);
      throw error;
    }
    return link;
  }
}
