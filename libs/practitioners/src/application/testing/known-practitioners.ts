import type { Provider } from '../../domain/provider.js';
import type { ProviderLocationLink } from '../../domain/provider-location-link.js';
import { PractitionerQueries } from '../practitioner.queries.js';

/**
 * Practitioner reads over providers and links held in memory (the real queries read the
 * database). Other contexts' specs use it: the queries are a concrete class, not a port.
 */
export class KnownPractitioners extends PractitionerQueries {
  constructor(
    private readonly providers: readonly Provider[],
    private readonly links: readonly ProviderLocationLink[],
  ) {
    super(undefined as never, undefined as never, undefined as never);
  }

  override async missingProviderIds(organisationId: string, ids: readonly string[]): Promise<string[]> {
    return ids.filter((id) => !this.live(organisationId, id));
  }

  override async liveLink(organisationId: string, providerId: string, locationId: string): Promise<ProviderLocationLink | null> {
    if (!this.live(organisationId, providerId)) return null;
    return this.links.find((link) => !link.deleted && link.providerId === providerId && link.locationId === locationId) ?? null;
  }

  override async linksByIds(ids: readonly string[]): Promise<Map<string, ProviderLocationLink>> {
    return new Map(this.links.filter((link) => ids.includes(link.id)).map((link) => [link.id, link]));
  }

  private live(organisationId: string, providerId: string): boolean {
    return this.providers.some((provider) => provider.organisationId === organisationId && provider.id === providerId && !provider.deleted);
  }
}
