import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { Clock, DomainEvents } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import { type NewProvider, Provider } from '../domain/provider.js';
import { PractitionerRepository } from '../domain/practitioner.repository.js';
import { PractitionerQueries } from './practitioner.queries.js';

@Injectable()
export class CreateProvider {
  constructor(
    private readonly practitioners: PractitionerRepository,
    private readonly organisations: OrganisationQueries,
    private readonly queries: PractitionerQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  async execute(organisationId: string, props: NewProvider): Promise<Provider> {
    await this.organisations.assertExists(organisationId);
    const provider = Provider.create(organisationId, props, this.clock.now());
    await this.events.transaction(async () => {
      await this.practitioners.save(provider);
      const created = await this.queries.get(organisationId, provider.id, Expansion.none());
      await this.events.record('provider.created', organisationId, created);
    });
    return provider;
  }
}
