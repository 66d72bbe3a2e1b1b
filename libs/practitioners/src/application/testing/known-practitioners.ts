import { Provider } from '../../domain/provider.js';
import type { ProviderLocationLink } from '../../domain/provider-location-link.js';
import { PractitionerQueries, type ProviderAtLocation } from '../practitioner.queries.js';

const unread = (): never => {
  throw new Error('Not read by the specs that use this fake');
};

/**
 * Practitioner reads over providers and links held in memory (the real queries read the
 * database), for other contexts' specs: what their use cases check before they write.
 */
export class KnownPractitioners extends PractitionerQueries {
  constructor(
    private readonly providers: readonly Provider[],
    private readonly links: readonly ProviderLocationLink[],
  ) {
    super();
  }

  list(): never {
    return unread();
  }

  get(): never {
    return unread();
  }

  locationLinks(): never {
    return unread();
  }

  byIds(): never {
    return unread();
  }

  bookable(): never {
    return unread();
  }

  async missingProviderIds(organisationId: string, ids: readonly string[]): Promise<string[]> {
    return ids.filter((id) => !this.live(organisationId, id));
  }

  async liveLink(organisationId: string, providerId: string, locationId: string): Promise<ProviderLocationLink | null> {
    if (!this.live(organisationId, providerId)) return null;
    return this.links.find((link) => !link.deleted && link.providerId === providerId && link.locationId === locationId) ?? null;
  }

  async providerAtLocation(organisationId: string, providerId: string, locationId: string): Promise<ProviderAtLocation | null> {
    const provider = this.providers.find((candidate) => candidate.organisationId === organisationId && candidate.id === providerId);
    if (!provider) return null;
    const links = this.links.filter((link) => link.providerId === providerId && link.locationId === locationId);
    const link = links.find((candidate) => !candidate.deleted) ?? links.at(-1) ?? null;
    const locationIds = this.links.filter((candidate) => candidate.providerId === providerId && !candidate.deleted).map((candidate) => candidate.locationId);
    return { provider: Object.assign(new Provider(), provider, { locationIds }), link };
  }

  async linksByIds(ids: readonly string[]): Promise<Map<string, ProviderLocationLink>> {
    return new Map(this.links.filter((link) => ids.includes(link.id)).map((link) => [link.id, link]));
  }

  private live(organisationId: string, providerId: string): boolean {
    return this.providers.some((provider) => provider.organisationId === organisationId && provider.id === providerId && !provider.deleted);
  }
}
