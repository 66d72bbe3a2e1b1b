import { Injectable } from '@nestjs/common';
import { Clock } from '@app/shared/domain';
import { Business, type NewBusiness } from '../domain/business.js';
import { DirectoryRepository } from '../domain/directory.repository.js';
import { OrganisationQueries } from './organisation.queries.js';

@Injectable()
export class CreateBusiness {
  constructor(
    private readonly directory: DirectoryRepository,
    private readonly organisations: OrganisationQueries,
    private readonly clock: Clock,
  ) {}

  async execute(organisationId: string, props: NewBusiness): Promise<Business> {
    await this.organisations.assertExists(organisationId);
    const business = Business.create(organisationId, props, this.clock.now());
    await this.directory.add(business);
    return business;
  }
}
