import { Injectable } from '@nestjs/common';
import { ReadModel, SqlReader } from '@app/shared';
import { notFound, offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { Business } from '../domain/business.js';
import { Location } from '../domain/location.js';
import { PlanTemplateLink } from '../domain/plan-template-link.js';
import { OrganisationDirectory } from './organisation-directory.js';

const BUSINESSES = ReadModel.of(Business, 'b');
const LOCATIONS = ReadModel.of(Location, 'l');
const PLAN_TEMPLATE_LINKS = ReadModel.of(PlanTemplateLink, 'k');

/** Lists of an organisation's directory, newest first. */
@Injectable()
export class DirectoryQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationDirectory,
  ) {}

  listBusinesses(organisationId: string, page: PageRequest): Promise<Page<Business>> {
    return this.list(BUSINESSES, organisationId, page);
  }

  listLocations(organisationId: string, page: PageRequest): Promise<Page<Location>> {
    return this.list(LOCATIONS, organisationId, page);
  }

  listPlanTemplateLinks(organisationId: string, page: PageRequest): Promise<Page<PlanTemplateLink>> {
    return this.list(PLAN_TEMPLATE_LINKS, organisationId, page);
  }

  getBusiness(organisationId: string, businessId: string): Promise<Business> {
    return this.get(BUSINESSES, 'Business', organisationId, businessId);
  }

  getLocation(organisationId: string, locationId: string): Promise<Location> {
    return this.get(LOCATIONS, 'Location', organisationId, locationId);
  }

  getPlanTemplateLink(organisationId: string, linkId: string): Promise<PlanTemplateLink> {
    return this.get(PLAN_TEMPLATE_LINKS, 'Plan template link', organisationId, linkId);
  }

  private async get<T>(model: ReadModel<T>, resource: string, organisationId: string, id: string): Promise<T> {
    const found = await this.sql.first(model, `where ${model.alias}.id = $1 and ${model.alias}.organisation_id = $2`, [id, organisationId]);
    if (!found) throw notFound(resource, id);
    return found;
  }

  private async list<T>(model: ReadModel<T>, organisationId: string, page: PageRequest): Promise<Page<T>> {
    await this.organisations.assertExists(organisationId);
    const { alias } = model;
    const [items, total] = await Promise.all([
      this.sql.select(model, `where ${alias}.organisation_id = $1 order by ${alias}.created_at desc, ${alias}.id desc limit $2 offset $3`, [
        organisationId,
        page.limit,
        offsetOf(page),
      ]),
      this.sql.count(model, `where ${alias}.organisation_id = $1`, [organisationId]),
    ]);
    return pageOf(items, total, page);
  }
}
