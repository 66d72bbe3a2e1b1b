import { Injectable } from '@nestjs/common';
import { assertIfMatch, Clock, DomainEvents } from '@app/shared/domain';
import type { Organisation, OrganisationChanges } from '../domain/organisation.js';
import { OrganisationRepository } from '../domain/organisation.repository.js';
import { organisationNotFound } from '../domain/organisations.errors.js';

@Injectable()
export class UpdateOrganisation {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  /** `ifMatch`: the `If-Match` header, the ETag of the version the caller read (412 when it is not current). */
  execute(organisationId: string, changes: OrganisationChanges, ifMatch?: string): Promise<Organisation> {
    return this.events.transaction(async () => {
      const organisation = await this.organisations.lock(organisationId);
      if (!organisation) throw organisationNotFound(organisationId);
      assertIfMatch(ifMatch, organisation.updatedAt);
      if (!organisation.update(changes, this.clock.now())) return organisation;
      await this.organisations.save(organisation);
      await this.events.record('organisation.updated', organisation.id, organisation);
      return organisation;
    });
  }
}
