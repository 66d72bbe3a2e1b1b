import { Injectable } from '@nestjs/common';
import type { Expansion } from '@app/shared';
import { type JoinedRead, joinedRead, listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import { isUuid, notFound, type Page, type PageRequest } from '@app/shared/domain';
import { Business } from '../../domain/business.js';
import { Location } from '../../domain/location.js';
import { PlanTemplateLink } from '../../domain/plan-template-link.js';
import { DirectoryQueries, type LocationExpansion, type LocationView } from '../../application/directory.queries.js';
import { OrganisationQueries } from '../../application/organisation.queries.js';

export const BUSINESSES = ReadModel.of(Business, 'b');
export const LOCATIONS = ReadModel.of(Location, 'l');

/** The organisation's location, for a statement of another context (`SqlReader.row`); each argument a SQL expression of it. */
export const locationRead = (organisation: string, id: string): JoinedRead<Location> =>
  joinedRead(LOCATIONS, `where l.organisation_id = ${organisation} and l.id = ${id}`);
const PLAN_TEMPLATE_LINKS = ReadModel.of(PlanTemplateLink, 'k');

/** `DirectoryQueries` on PostgreSQL: each batched read one statement, whatever the number of ids. */
@Injectable()
export class SqlDirectoryQueries extends DirectoryQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationQueries,
  ) {
    super();
  }

  listBusinesses(organisationId: string, page: PageRequest): Promise<Page<Business>> {
    return this.list(BUSINESSES, organisationId, page);
  }

  async listLocations(
    organisationId: string,
    page: PageRequest,
    expansion: Expansion<LocationExpansion>,
  ): Promise<Page<LocationView>> {
    const found = await this.list(LOCATIONS, organisationId, page);
    return { ...found, items: await this.withParts(organisationId, found.items, expansion) };
  }

  listPlanTemplateLinks(organisationId: string, page: PageRequest): Promise<Page<PlanTemplateLink>> {
    // A link never changes once written: it is new or it is gone.
    return this.list(PLAN_TEMPLATE_LINKS, organisationId, page, 'created_at');
  }

  getBusiness(organisationId: string, businessId: string): Promise<Business> {
    return this.get(BUSINESSES, 'Business', organisationId, businessId);
  }

  async getLocation(
    organisationId: string,
    locationId: string,
    expansion: Expansion<LocationExpansion>,
  ): Promise<LocationView> {
    const [view] = await this.withParts(
      organisationId,
      [await this.get(LOCATIONS, 'Location', organisationId, locationId)],
      expansion,
    );
    return view;
  }

  /** Each expanded part loaded in one statement for all the locations. */
  private async withParts(
    organisationId: string,
    locations: Location[],
    expansion: Expansion<LocationExpansion>,
  ): Promise<LocationView[]> {
    const [businesses, organisation] = await Promise.all([
      expansion.has('business') ? this.businesses(locations.map((location) => location.businessId)) : undefined,
      expansion.has('organisation') ? this.organisations.get(organisationId) : undefined,
    ]);
    return locations.map((location) => ({
      location,
      expansion,
      ...(businesses ? { business: businesses.get(location.businessId) ?? null } : {}),
      ...(organisation ? { organisation } : {}),
    }));
  }

  getPlanTemplateLink(organisationId: string, linkId: string): Promise<PlanTemplateLink> {
    return this.get(PLAN_TEMPLATE_LINKS, 'Plan template link', organisationId, linkId);
  }

  async locations(organisationId: string, ids: readonly string[]): Promise<Map<string, Location>> {
    if (ids.length === 0) return new Map();
    const locations = await this.sql.select(LOCATIONS, 'where l.organisation_id = $1 and l.id = any($2)', [
      organisationId,
      [...new Set(ids)],
    ]);
    return new Map(locations.map((location) => [location.id, location]));
  }

  /** One statement. */
  override async locationWithBusiness(
    organisationId: string,
    locationId: string,
  ): Promise<{ location: Location; business: Business | null } | null> {
    const pair = await this.sql.firstPair(
      LOCATIONS,
      BUSINESSES,
      'left join businesses b on b.id = l.business_id where l.organisation_id = $1 and l.id = $2',
      [organisationId, locationId],
    );
    return pair && { location: pair[0], business: pair[1] };
  }

  async businesses(ids: readonly string[]): Promise<Map<string, Business>> {
    if (ids.length === 0) return new Map();
    const businesses = await this.sql.select(BUSINESSES, 'where b.id = any($1)', [[...new Set(ids)]]);
    return new Map(businesses.map((business) => [business.id, business]));
  }

  locationsOf(organisationId: string): Promise<Location[]> {
    return this.sql.select(LOCATIONS, 'where l.organisation_id = $1 order by l.created_at, l.id', [organisationId]);
  }

  businessesOf(organisationId: string): Promise<Business[]> {
    return this.sql.select(BUSINESSES, 'where b.organisation_id = $1 order by b.created_at, b.id', [organisationId]);
  }

  async missingLocationIds(organisationId: string, ids: readonly string[]): Promise<string[]> {
    const wellFormed = ids.filter(isUuid);
    const found = wellFormed.length
      ? await this.sql.select(LOCATIONS, 'where l.organisation_id = $1 and l.id = any($2)', [
          organisationId,
          wellFormed,
        ])
      : [];
    const existing = new Set(found.map((location) => location.id));
    return ids.filter((id) => !existing.has(id));
  }

  private async get<T>(model: ReadModel<T>, resource: string, organisationId: string, id: string): Promise<T> {
    const found = await this.sql.first(model, `where ${model.alias}.id = $1 and ${model.alias}.organisation_id = $2`, [
      id,
      organisationId,
    ]);
    if (!found) throw notFound(resource, id);
    return found;
  }

  /** `changedAt`: the column a sync (`updatedSince`) reads, `created_at` for what never changes. */
  private async list<T>(
    model: ReadModel<T>,
    organisationId: string,
    page: PageRequest,
    changedAt = 'updated_at',
  ): Promise<Page<T>> {
    await this.organisations.assertExists(organisationId);
    const { alias } = model;
    const params = new SqlParams(organisationId);
    const window = listWindow(alias, page, `${alias}.created_at desc, ${alias}.id desc`, params, changedAt);
    return this.sql.page(model, `where ${alias}.organisation_id = $1${window.condition}`, window.orderBy, params, page);
  }
}
