import { Provider } from '../../domain/provider.js';
import { ProviderLocationLink } from '../../domain/provider-location-link.js';
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

  lockProvider(organisationId: string, providerId: string): Promise<Provider | null> {
    return this.findProvider(organisationId, providerId);
  }

  async lockLink(organisationId: string, providerId: string, linkId: string): Promise<ProviderLocationLink | null> {
    const link = this.links.find(
      (candidate) =>
        candidate.id === linkId && candidate.providerId === providerId && candidate.organisationId === organisationId,
    );
    return link ? linkCopyOf(link) : null;
  }

  async save(...changed: (Provider | ProviderLocationLink)[]): Promise<void> {
    for (const entity of changed) {
      if (entity instanceof Provider) {
        this.saved.push(copyOf(entity));
        this.providers.set(entity.id, copyOf(entity));
      } else {
        this.links.splice(
          this.links.findIndex((link) => link.id === entity.id),
          1,
          linkCopyOf(entity),
        );
      }
    }
  }

  async addLink(link: ProviderLocationLink): Promise<void> {
    if (
      this.links.some(
        (live) => !live.deleted && live.providerId === link.providerId && live.locationId === link.locationId,
      )
    )
      throw new LiveLinkExistsError();
    this.links.push(linkCopyOf(link));
  }
}

/** A detached copy, as a fresh load from the database would give. */
const copyOf = (provider: Provider): Provider => Object.assign(new Provider(), provider);
const linkCopyOf = (link: ProviderLocationLink): ProviderLocationLink =>
  Object.assign(new ProviderLocationLink(), structuredClone({ ...link }));

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
    const locationIds = this.stored.links
      .filter((link) => link.providerId === providerId && !link.deleted)
      .map((link) => link.locationId);
    return Object.assign(provider, { locationIds });
  }

  list(): never {
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

  bookableAt(): never {
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
