import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import { Clock, referenceNotFound } from '@app/shared/domain';
import { DirectoryRepository } from '../domain/directory.repository.js';
import { PlanTemplateLink } from '../domain/plan-template-link.js';
import { OrganisationQueries } from './organisation.queries.js';

@Injectable()
export class CreatePlanTemplateLink {
  constructor(
    private readonly directory: DirectoryRepository,
    private readonly organisations: OrganisationQueries,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute(
    organisationId: string,
    props: { businessId: string; planTemplateId: string },
  ): Promise<PlanTemplateLink> {
    await this.organisations.assertExists(organisationId);
    if (!(await this.directory.findBusiness(organisationId, props.businessId)))
      throw referenceNotFound('businessId', 'Business', props.businessId);
    const link = PlanTemplateLink.create(organisationId, props, this.config.apiBaseUrl, this.clock.now());
    await this.directory.add(link);
    return link;
  }
}
