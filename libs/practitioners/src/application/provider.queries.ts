import { Injectable } from '@nestjs/common';
import { Expansion, SqlReader } from '@app/shared';
import { offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import { type Location, LocationReader, OrganisationDirectory } from '@app/organisations';
import { ProviderLocationLink } from '../domain/provider-location-link.js';
import { providerNotFound } from '../domain/practitioners.errors.js';

export type ProviderExpansion = 'locationLinks' | 'locations';

export interface ProviderRow {
  id: string;
  createdAt: Date;
  locationIds: string[];
  deleted: boolean;
  bookingsEnabled: boolean;
  mobileNumber: string | null;
  email: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  profileImageUrl: string | null;
}

/** A provider as read for an answer: its row, and the parts an expansion asked for. */
export interface ProviderRead {
  provider: ProviderRow;
  locationLinks?: ProviderLocationLink[];
  locations?: Location[];
}

const PROVIDER_COLUMNS = `
  p.id, p.created_at as "createdAt", p.deleted, p.bookings_enabled as "bookingsEnabled", p.mobile_number as "mobileNumber",
  p.email, p.first_name as "firstName", p.middle_name as "middleName", p.last_name as "lastName", p.profile_image_url as "profileImageUrl",
  coalesce((select array_agg(l.location_id::text order by l.created_at, l.id) from provider_location_links l
            where l.provider_id = p.id and not l.deleted), '{}') as "locationIds"`;

/**
 * The read side of practitioners. A page is two statements (rows with their location ids, and the
 * count), and each expansion one more, whatever the page size.
 */
@Injectable()
export class ProviderQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationDirectory,
    private readonly locations: LocationReader,
  ) {}

  async list(
    organisationId: string,
    page: PageRequest,
    options: { includeDeleted: boolean; expansion: Expansion<ProviderExpansion> },
  ): Promise<Page<ProviderRead>> {
    await this.organisations.assertExists(organisationId);
    const [rows, [{ total }]] = await Promise.all([
      this.sql.rows<ProviderRow>(
        `select ${PROVIDER_COLUMNS} from providers p
         where p.organisation_id = $1 and ($2 or not p.deleted)
         order by p.last_name, p.first_name, p.id limit $3 offset $4`,
        [organisationId, options.includeDeleted, page.limit, offsetOf(page)],
      ),
      this.sql.rows<{ total: number }>('select count(*)::int as total from providers where organisation_id = $1 and ($2 or not deleted)', [
        organisationId,
        options.includeDeleted,
      ]),
    ]);
    return pageOf(await this.withExpansions(organisationId, rows, options.expansion), total, page);
  }

  async get(organisationId: string, providerId: string, expansion: Expansion<ProviderExpansion>): Promise<ProviderRead> {
    const rows = await this.sql.rows<ProviderRow>(`select ${PROVIDER_COLUMNS} from providers p where p.organisation_id = $1 and p.id = $2`, [
      organisationId,
      providerId,
    ]);
    if (rows.length === 0) throw providerNotFound(providerId);
    const [read] = await this.withExpansions(organisationId, rows, expansion);
    return read;
  }

  /** Providers by id, without expansions, in one statement. */
  async byIds(organisationId: string, ids: readonly string[]): Promise<Map<string, ProviderRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.sql.rows<ProviderRow>(`select ${PROVIDER_COLUMNS} from providers p where p.organisation_id = $1 and p.id = any($2)`, [
      organisationId,
      [...new Set(ids)],
    ]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Providers patients may book: bookings enabled and not deleted, in listing order. */
  bookable(organisationId: string): Promise<ProviderRow[]> {
    return this.sql.rows<ProviderRow>(
      `select ${PROVIDER_COLUMNS} from providers p where p.organisation_id = $1 and p.bookings_enabled and not p.deleted order by p.last_name, p.first_name, p.id`,
      [organisationId],
    );
  }

  private async withExpansions(organisationId: string, rows: ProviderRow[], expansion: Expansion<ProviderExpansion>): Promise<ProviderRead[]> {
    const links = expansion.has('locationLinks') ? Map.groupBy(await this.linksOf(rows.map((row) => row.id)), (link) => link.providerId) : undefined;
    const locations = expansion.has('locations')
      ? await this.locations.locations(
          organisationId,
          rows.flatMap((row) => row.locationIds),
        )
      : undefined;
    return rows.map((provider) => ({
      provider,
      ...(links ? { locationLinks: links.get(provider.id) ?? [] } : {}),
      ...(locations ? { locations: provider.locationIds.flatMap((id) => locations.get(id) ?? []) } : {}),
    }));
  }

  private linksOf(providerIds: string[]): Promise<ProviderLocationLink[]> {
    if (providerIds.length === 0) return Promise.resolve([]);
    return this.sql.entities(ProviderLocationLink, 'where provider_id = any($1) and not deleted order by created_at, id', [providerIds]);
  }
}
