import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { assertIfMatch, Clock, DomainEvents } from '@app/shared/domain';
import { PractitionerRepository } from '../domain/practitioner.repository.js';
import { providerNotFound } from '../domain/practitioners.errors.js';
import { PractitionerQueries, type ProviderView } from './practitioner.queries.js';

/** Archives the provider (marks it deleted); archiving again changes nothing and records nothing. */
@Injectable()
export class DeleteProvider {
  constructor(
    private readonly practitioners: PractitionerRepository,
    private readonly queries: PractitionerQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /** The provider as its GET answers it afterwards. */
  execute(organisationId: string, providerId: string, ifMatch: string | undefined): Promise<ProviderView> {
    return this.events.transaction(async () => {
      const provider = await this.practitioners.lockProvider(organisationId, providerId);
      if (!provider) throw providerNotFound(providerId);
      assertIfMatch(ifMatch, provider.updatedAt);
      const archived = provider.archive(this.clock.now());
      if (archived) await this.practitioners.save(provider);
      const view = await this.queries.get(organisationId, providerId, Expansion.none());
      if (archived) await this.events.record('provider.deleted', organisationId, view);
      return view;
    });
  }
}
