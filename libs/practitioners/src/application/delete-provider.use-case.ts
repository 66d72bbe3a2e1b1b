import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { DomainEvents } from '@app/shared/domain';
import type { Provider } from '../domain/provider.js';
import { PractitionerRepository } from '../domain/practitioner.repository.js';
import { providerNotFound } from '../domain/practitioners.errors.js';
import { PractitionerQueries } from './practitioner.queries.js';

/** Marks the provider deleted; deleting again changes nothing. */
@Injectable()
export class DeleteProvider {
  constructor(
    private readonly practitioners: PractitionerRepository,
    private readonly queries: PractitionerQueries,
    private readonly events: DomainEvents,
  ) {}

  async execute(organisationId: string, providerId: string): Promise<Provider> {
    const provider = await this.practitioners.findProvider(organisationId, providerId);
    if (!provider) throw providerNotFound(providerId);
    if (provider.deleted) return provider;
    provider.delete();
    await this.events.transaction(async () => {
      await this.practitioners.save(provider);
      const deleted = await this.queries.get(organisationId, providerId, Expansion.none());
      await this.events.record('provider.deleted', organisationId, deleted);
    });
    return provider;
  }
}
