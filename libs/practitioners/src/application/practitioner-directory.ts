import { Injectable } from '@nestjs/common';
import { ReadModel, SqlReader } from '@app/shared';
import { isUuid } from '@app/shared/domain';
import { Provider } from '../domain/provider.js';
import { ProviderLocationLink } from '../domain/provider-location-link.js';

const PROVIDERS = ReadModel.of(Provider, 'p');
const LINKS = ReadModel.of(ProviderLocationLink, 'l');

/** What other contexts may ask of practitioners. */
@Injectable()
export class PractitionerDirectory {
  constructor(private readonly sql: SqlReader) {}

  /** Those of `ids` that name no provider of the organisation that is not deleted. */
  async missingProviderIds(organisationId: string, ids: readonly string[]): Promise<string[]> {
    const wellFormed = ids.filter(isUuid);
    const found = wellFormed.length
      ? await this.sql.select(PROVIDERS, 'where p.organisation_id = $1 and p.id = any($2) and not p.deleted', [organisationId, wellFormed])
      : [];
    const existing = new Set(found.map((provider) => provider.id));
    return ids.filter((id) => !existing.has(id));
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

  /** Links by id, in one statement. */
  async linksByIds(ids: readonly string[]): Promise<Map<string, ProviderLocationLink>> {
    if (ids.length === 0) return new Map();
    const links = await this.sql.select(LINKS, 'where l.id = any($1)', [[...new Set(ids)]]);
    return new Map(links.map((link) => [link.id, link]));
  }
}
