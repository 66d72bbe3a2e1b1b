import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { SqlReader } from '@app/shared';
import { isUuid } from '@app/shared/domain';
import { Provider } from '../domain/provider.js';
import { ProviderLocationLink } from '../domain/provider-location-link.js';

/** What other contexts may ask of practitioners. */
@Injectable()
export class PractitionerDirectory {
  constructor(
    private readonly em: EntityManager,
    private readonly sql: SqlReader,
  ) {}

  /** Those of `ids` that name no provider of the organisation that is not deleted. */
  async missingProviderIds(organisationId: string, ids: readonly string[]): Promise<string[]> {
    const wellFormed = ids.filter(isUuid);
    const found = wellFormed.length ? await this.em.find(Provider, { organisationId, id: { $in: wellFormed }, deleted: false }, { fields: ['id'] }) : [];
    const existing = new Set(found.map((provider) => provider.id));
    return ids.filter((id) => !existing.has(id));
  }

  /** The live link of a provider (not deleted) to a location, or `null`. */
  async liveLink(organisationId: string, providerId: string, locationId: string): Promise<ProviderLocationLink | null> {
    const [link] = await this.em.execute<{ id: string }[]>(
      `select l.id from provider_location_links l join providers p on p.id = l.provider_id
       where l.organisation_id = ? and l.provider_id = ? and l.location_id = ? and not l.deleted and not p.deleted`,
      [organisationId, providerId, locationId],
    );
    return link ? this.em.findOne(ProviderLocationLink, { id: link.id }) : null;
  }

  /** Links by id, in one statement. */
  async linksByIds(ids: readonly string[]): Promise<Map<string, ProviderLocationLink>> {
    if (ids.length === 0) return new Map();
    const links = await this.sql.entities(ProviderLocationLink, 'where id = any($1)', [[...new Set(ids)]]);
    return new Map(links.map((link) => [link.id, link]));
  }
}
