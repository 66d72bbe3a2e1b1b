import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents, referenceNotFound } from '@app/shared/domain';
import { DirectoryRepository } from '../domain/directory.repository.js';
import { Location, type NewLocation } from '../domain/location.js';
import { OrganisationQueries } from './organisation.queries.js';

@Injectable()
export class CreateLocation {
  constructor(
    private readonly directory: DirectoryRepository,
    private readonly organisations: OrganisationQueries,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, props: NewLocation): Promise<Location> {
    await this.organisations.assertExists(organisationId);
    if (!(await this.directory.findBusiness(organisationId, props.businessId)))
      throw referenceNotFound('businessId', 'Business', props.businessId);
    const location = Location.create(organisationId, props, this.clock.now());
    await this.events.transaction(async () => {
      await this.directory.add(location);
      await this.events.record('location.created', organisationId, location);
    });
    return location;
  }
}
