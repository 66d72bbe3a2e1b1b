import { Injectable } from '@nestjs/common';
import { OrganisationRepository } from '../domain/organisation.repository.js';
import { organisationNotFound } from '../domain/organisations.errors.js';

/** What other contexts may ask of organisations. */
@Injectable()
export class OrganisationDirectory {
  constructor(private readonly organisations: OrganisationRepository) {}

  async assertExists(organisationId: string): Promise<void> {
    if (!(await this.organisations.findById(organisationId))) throw organisationNotFound(organisationId);
  }
}
