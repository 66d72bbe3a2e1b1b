import { Injectable } from '@nestjs/common';
import { Expansion } from '@app/shared';
import { assertIfMatch, Clock, DomainEvents } from '@app/shared/domain';
import type { ProviderChanges } from '../domain/provider.js';
import { PractitionerRepository } from '../domain/practitioner.repository.js';
import { providerNotFound } from '../domain/practitioners.errors.js';
import { PractitionerQueries, type ProviderView } from './practitioner.queries.js';

/** Changes the fields sent; a change records `provider.updated`. Bookings keep what they were made with. */
@Injectable()
export class UpdateProvider {
  constructor(
    private readonly practitioners: PractitionerRepository,
    private readonly queries: PractitionerQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /** The provider as its GET answers it after the change. */
  execute(
    organisationId: string,
    providerId: string,
    changes: ProviderChanges,
    ifMatch: string | undefined,
  ): Promise<ProviderView> {
    return this.events.transaction(async () => {
      const provider = await this.practitioners.lockProvider(organisationId, providerId);
      if (!provider) throw providerNotFound(providerId);
      assertIfMatch(ifMatch, provider.updatedAt);
      const changed = provider.update(changes, this.clock.now());
      if (changed) await this.practitioners.save(provider);
      const view = await this.queries.get(organisationId, providerId, Expansion.none());
      if (changed) await this.events.record('provider.updated', organisationId, view);
      return view;
    });
  }
}
