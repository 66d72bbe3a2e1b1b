import { Injectable } from '@nestjs/common';
import type { Expansion } from '@app/shared';
import { computed, type JoinedRead, joinedRead, listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import { isUuid, type Page, type PageRequest } from '@app/shared/domain';
import { DirectoryQueries, OrganisationQueries } from '@app/organisations';
import { Provider } from '../../domain/provider.js';
import { ProviderLocationLink } from '../../domain/provider-location-link.js';
import { providerNotFound } from '../../domain/practitioners.errors.js';
import {
  PractitionerQueries,
  type ProviderExpansion,
  type ProviderView,
} from '../../application/practitioner.queries.js';

export const PROVIDERS = ReadModel.of(Provider, 'p', {
  computed: {
    // A json array, not a text[]: `pg` parses json with JSON.parse, about ten times faster than its text[] parser.
    locationIds: computed.strings(
      `coalesce((select json_agg(l.location_id order by l.created_at, l.id) from provider_location_links l where l.provider_id = p.id and not l.deleted), '[]')`,
    ),
  },
});
export const LINKS = ReadModel.of(ProviderLocationLink, 'l');

/** The rest of a read of the provider's link to the location: the live one, else the last archived. Each argument a SQL expression. */
const linkAtWhere = (organisation: string, provider: string, location: string) =>
  `where l.organisation_id = ${organisation} and l.provider_id = ${provider} and l.location_id = ${location}
   order by l.deleted, l.created_at desc, l.id desc limit 1`;

/** The organisation's provider, archived or not, for a statement of another context (`SqlReader.row`); each argument a SQL expression of it. */
export const providerRead = (organisation: string, id: string): JoinedRead<ProviderView> =>
  joinedRead(PROVIDERS, `where p.organisation_id = ${organisation} and p.id = ${id}`);

/** As `linkAt`, for a statement of another context (`SqlReader.row`); each argument a SQL expression of it. */
export const linkAtRead = (
  organisation: string,
  provider: string,
  location: string,
): JoinedRead<ProviderLocationLink> => joinedRead(LINKS, linkAtWhere(organisation, provider, location));

/**
 * The read side of practitioners. A page is two statements (rows with their location ids, and the
 * count), and each expansion one more, whatever the page size; a page of a provider's links three
 * (the provider's existence too); `byIds` and `linksByIds` one each.
 */
@Injectable()
export class SqlPractitionerQueries extends PractitionerQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationQueries,
    private readonly locations: DirectoryQueries,
  ) {
    super();
  }

  async list(
    organisationId: string,
    page: PageRequest,
    options: { includeDeleted: boolean; expansion: Expansion<ProviderExpansion> },
  ): Promise<Page<ProviderView>> {
    await this.organisations.assertExists(organisationId);
    const params = new SqlParams(organisationId, options.includeDeleted);
    const window = listWindow('p', page, 'p.last_name, p.first_name, p.id', params);
    const where = `where p.organisation_id = $1 and ($2 or not p.deleted)${window.condition}`;
    const found = await this.sql.page(PROVIDERS, where, window.orderBy, params, page);
    return { ...found, items: await this.withExpansions(organisationId, found.items, options.expansion) };
  }

  async locationLinks(
    organisationId: string,
    providerId: string,
    page: PageRequest,
    options: { includeDeleted: boolean },
  ): Promise<Page<ProviderLocationLink>> {
    const params = new SqlParams(organisationId, providerId, options.includeDeleted);
    const window = listWindow('l', page, 'l.created_at desc, l.id desc', params);
    const where = `where l.organisation_id = $1 and l.provider_id = $2 and ($3 or not l.deleted)${window.condition}`;
    const [providers, links] = await Promise.all([
      this.sql.count(PROVIDERS, 'where p.organisation_id = $1 and p.id = $2', [organisationId, providerId]),
      this.sql.page(LINKS, where, window.orderBy, params, page),
    ]);
    if (providers === 0) throw providerNotFound(providerId);
    return links;
  }

  async get(
    organisationId: string,
    providerId: string,
    expansion: Expansion<ProviderExpansion>,
  ): Promise<ProviderView> {
    const rows = await this.sql.select(PROVIDERS, 'where p.organisation_id = $1 and p.id = $2', [
      organisationId,
      providerId,
    ]);
    if (rows.length === 0) throw providerNotFound(providerId);
    const [read] = await this.withExpansions(organisationId, rows, expansion);
    return read;
  }

  async byIds(organisationId: string, ids: readonly string[]): Promise<Map<string, ProviderView>> {
    if (ids.length === 0) return new Map();
    const rows = await this.sql.select(PROVIDERS, 'where p.organisation_id = $1 and p.id = any($2)', [
      organisationId,
      [...new Set(ids)],
    ]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Providers patients may book: bookings enabled and not deleted, in listing order. */
  bookable(organisationId: string): Promise<ProviderView[]> {
    return this.sql.select(
      PROVIDERS,
      `where p.organisation_id = $1 and p.bookings_enabled and not p.deleted order by p.last_name, p.first_name, p.id`,
      [organisationId],
    );
  }

  bookableAt(organisationId: string, locationId: string, alsoProviderId?: string): Promise<ProviderView[]> {
    return this.sql.select(
      PROVIDERS,
      `where p.organisation_id = $1 and p.bookings_enabled and not p.deleted
         and (p.id in (select l.provider_id from provider_location_links l where l.location_id = $2 and not l.deleted) or p.id = $3)
       order by p.last_name, p.first_name, p.id`,
      [organisationId, locationId, alsoProviderId ?? null],
    );
  }

  private async withExpansions(
    organisationId: string,
    rows: ProviderView[],
    expansion: Expansion<ProviderExpansion>,
  ): Promise<ProviderView[]> {
    const links = expansion.has('locationLinks')
      ? Map.groupBy(await this.linksOf(rows.map((row) => row.id)), (link) => link.providerId)
      : undefined;
    const locations = expansion.has('locations')
      ? await this.locations.locations(
          organisationId,
          rows.flatMap((row) => row.locationIds),
        )
      : undefined;
    for (const provider of rows) {
      if (links) provider.locationLinks = links.get(provider.id) ?? [];
      if (locations) provider.locations = provider.locationIds.flatMap((id) => locations.get(id) ?? []);
    }
    return rows;
  }

  private linksOf(providerIds: string[]): Promise<ProviderLocationLink[]> {
    if (providerIds.length === 0) return Promise.resolve([]);
    return this.sql.select(LINKS, 'where l.provider_id = any($1) and not l.deleted order by l.created_at, l.id', [
      providerIds,
    ]);
  }

  /** Those of `ids` that name no provider of the organisation that is not deleted. */
  async missingProviderIds(organisationId: string, ids: readonly string[]): Promise<string[]> {
    const wellFormed = ids.filter(isUuid);
    const found = wellFormed.length
      ? await this.sql.select(PROVIDERS, 'where p.organisation_id = $1 and p.id = any($2) and not p.deleted', [
          organisationId,
          wellFormed,
        ])
      : [];
    const existing = new Set(found.map((provider) => provider.id));
    return ids.filter((id) => !existing.has(id));
  }

  /** One statement. */
  override async atLocation(
    organisationId: string,
    providerId: string,
    locationId: string,
  ): Promise<{ provider: ProviderView; liveLink: ProviderLocationLink | null } | null> {
    const pair = await this.sql.firstPair(
      PROVIDERS,
      LINKS,
      `left join provider_location_links l on l.provider_id = p.id and l.organisation_id = p.organisation_id and l.location_id = $3
         and not l.deleted and not p.deleted
       where p.organisation_id = $1 and p.id = $2`,
      [organisationId, providerId, locationId],
    );
    return pair && { provider: pair[0], liveLink: pair[1] };
  }

  /** The live link of a provider (not deleted) to a location, or `null`. */
  liveLink(organisationId: string, providerId: string, locationId: string): Promise<ProviderLocationLink | null> {
    return this.sql.first(
      LINKS,
      `join providers p on p.id = l.provider_id
       where l.organisation_id = $1 and l.provider_id = $2 and l.location_id = $3 and not l.deleted and not p.deleted`,
      [organisationId, providerId, locationId],
    );
  }

  async linkAt(organisationId: string, providerId: string, locationId: string): Promise<ProviderLocationLink | null> {
    if (!isUuid(providerId) || !isUuid(locationId)) return null;
    return this.sql.first(LINKS, linkAtWhere('$1', '$2', '$3'), [organisationId, providerId, locationId]);
  }

  async linksByIds(ids: readonly string[]): Promise<Map<string, ProviderLocationLink>> {
    if (ids.length === 0) return new Map();
    const links = await this.sql.select(LINKS, 'where l.id = any($1)', [[...new Set(ids)]]);
    return new Map(links.map((link) => [link.id, link]));
  }
}
