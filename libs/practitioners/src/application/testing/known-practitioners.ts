import { Provider } from '../../domain/provider.js';
import type { ProviderLocationLink } from '../../domain/provider-location-link.js';
import { PractitionerQueries, type ProviderView } from '../practitioner.queries.js';

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

  async byIds(organisationId: string, ids: readonly string[]): Promise<Map<string, ProviderView>> {
    const known = this.providers.filter(
      (provider) => provider.organisationId === organisationId && ids.includes(provider.id),
    );
    return new Map(known.map((provider) => [provider.id, this.viewOf(provider)]));
  }

  bookable(): never {
    return unread();
  }

  bookableAt(): never {
    return unread();
  }

  async missingProviderIds(organisationId: string, ids: readonly string[]): Promise<string[]> {
    return ids.filter((id) => !this.live(organisationId, id));
  }

  async liveLink(organisationId: string, providerId: string, locationId: string): Promise<ProviderLocationLink | null> {
    if (!this.live(organisationId, providerId)) return null;
    return (
      this.links.find((link) => !link.deleted && link.providerId === providerId && link.locationId === locationId) ??
      null
    );
  }

  async linkAt(organisationId: string, providerId: string, locationId: string): Promise<ProviderLocationLink | null> {
    const links = this.links.filter(
      (link) =>
        link.organisationId === organisationId && link.providerId === providerId && link.locationId === locationId,
    );
    return links.find((link) => !link.deleted) ?? links.at(-1) ?? null;
  }

  async linksByIds(ids: readonly string[]): Promise<Map<string, ProviderLocationLink>> {
    return new Map(this.links.filter((link) => ids.includes(link.id)).map((link) => [link.id, link]));
  }

  private viewOf(provider: Provider): ProviderView {
    const locationIds = this.links
      .filter((link) => link.providerId === provider.id && !link.deleted)
      .map((link) => link.locationId);
    return Object.assign(Object.create(Object.getPrototypeOf(provider) as object) as Provider, provider, {
      locationIds,
    });
  }

  private live(organisationId: string, providerId: string): boolean {
    return this.providers.some(
      (provider) => provider.organisationId === organisationId && provider.id === providerId && !provider.deleted,
    );
  }
}
