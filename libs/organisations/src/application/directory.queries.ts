import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { notFound, offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { Business } from '../domain/business.js';
import { Location } from '../domain/location.js';
import { PlanTemplateLink } from '../domain/plan-template-link.js';
import { OrganisationDirectory } from './organisation-directory.js';

const NEWEST_FIRST = { createdAt: 'desc', id: 'desc' } as const;

/** Lists of an organisation's directory, newest first. */
@Injectable()
export class DirectoryQueries {
  constructor(
    private readonly em: EntityManager,
    private readonly organisations: OrganisationDirectory,
  ) {}

  listBusinesses(organisationId: string, page: PageRequest): Promise<Page<Business>> {
    return this.list(Business, organisationId, page);
  }

  listLocations(organisationId: string, page: PageRequest): Promise<Page<Location>> {
    return this.list(Location, organisationId, page);
  }

  listPlanTemplateLinks(organisationId: string, page: PageRequest): Promise<Page<PlanTemplateLink>> {
    return this.list(PlanTemplateLink, organisationId, page);
  }

  getBusiness(organisationId: string, businessId: string): Promise<Business> {
    return this.get(Business, 'Business', organisationId, businessId);
  }

  getLocation(organisationId: string, locationId: string): Promise<Location> {
    return this.get(Location, 'Location', organisationId, locationId);
  }

  getPlanTemplateLink(organisationId: string, linkId: string): Promise<PlanTemplateLink> {
    return this.get(PlanTemplateLink, 'Plan template link', organisationId, linkId);
  }

  private async get<T extends Business | Location | PlanTemplateLink>(entity: new () => T, resource: string, organisationId: string, id: string): Promise<T> {
    const found = (await this.em.findOne(entity, { id, organisationId })) as T | null;
    if (!found) throw notFound(resource, id);
    return found;
  }

  private async list<T extends Business | Location | PlanTemplateLink>(entity: new () => T, organisationId: string, page: PageRequest): Promise<Page<T>> {
    await this.organisations.assertExists(organisationId);
    const [items, total] = await this.em.findAndCount(
      entity,
      { organisationId },
      {
        orderBy: NEWEST_FIRST as never,
        limit: page.limit,
        offset: offsetOf(page),
      },
    );
    return pageOf(items, total, page);
  }
}
