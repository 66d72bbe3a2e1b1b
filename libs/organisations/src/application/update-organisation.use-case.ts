import { Injectable } from '@nestjs/common';
import { DomainEvents } from '@app/shared/domain';
import type { Organisation, OrganisationChanges } from '../domain/organisation.js';
import { OrganisationRepository } from '../domain/organisation.repository.js';
import { organisationNotFound } from '../domain/organisations.errors.js';

@Injectable()
export class UpdateOrganisation {
  constructor(
    private readonly organisations: OrganisationRepository,
    private readonly events: DomainEvents,
  ) {}

  async execute(organisationId: string, changes: OrganisationChanges): Promise<Organisation> {
    const organisation = await this.organisations.findById(organisationId);
    if (!organisation) throw organisationNotFound(organisationId);
    organisation.update(changes);
    await this.events.transaction(async () => {
      await this.organisations.save(organisation);
      await this.events.record('organisation.updated', organisation.id, organisation);
    });
    return organisation;
  }
}
