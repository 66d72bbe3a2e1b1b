import { Provider } from '../../domain/provider.js';
import type { ProviderLocationLink } from '../../domain/provider-location-link.js';
import { LiveLinkExistsError, PractitionerRepository } from '../../domain/practitioner.repository.js';
import { providerNotFound } from '../../domain/practitioners.errors.js';
import { PractitionerQueries, type ProviderView } from '../practitioner.queries.js';

/** Behaves like the providers and links tables: one live link per provider and location. */
export class InMemoryPractitioners extends PractitionerRepository {
  readonly providers = new Map<string, Provider>();
  readonly links: ProviderLocationLink[] = [];
  readonly saved: Provider[] = [];

  async findProvider(organisationId: string, providerId: string): Promise<Provider | null> {
    const provider = this.providers.get(providerId);
    return provider?.organisationId === organisationId ? copyOf(provider) : null;
  }

  async save(provider: Provider): Promise<void> {
    this.saved.push(copyOf(provider));
    this.providers.set(provider.id, copyOf(provider));
  }

  async addLink(link: ProviderLocationLink): Promise<void> {
    if (this.links.some((live) => !live.deleted && live.providerId === link.providerId && live.locationId === link.locationId)) throw new LiveLinkExistsError();
    this.links.push(link);
  }
}

/** A detached copy, as a fresh load from the database would give. */
const copyOf = (provider: Provider): Provider => Object.assign(new Provider(), provider);

const unread = (): never => {
  throw new Error('Not read by the specs that use this fake');
};

/**
 * Reads a stored provider back with the locations of its live links, as the real queries read the
 * saved row; no expansions.
 */
export class StoredProviderQueries extends PractitionerQueries {
  constructor(private readonly stored: InMemoryPractitioners) {
    super();
  }

  async get(organisationId: string, providerId: string): Promise<ProviderView> {
    const provider = await this.stored.findProvider(organisationId, providerId);
    if (!provider) throw providerNotFound(providerId);
    const locationIds = this.stored.links.filter((link) => link.providerId === providerId && !link.deleted).map((link) => link.locationId);
    return Object.assign(provider, { locationIds });
  }

  list(): never {
    return unread();
  }

  byIds(): never {
    return unread();
  }

  bookable(): never {
    return unread();
  }

  missingProviderIds(): never {
    return unread();
  }

  liveLink(): never {
    return unread();
  }

  linkAt(): never {
    return unread();
  }

  linksByIds(): never {
    return unread();
  }
}
