import { Provider } from '../../domain/provider.js';
import type { ProviderLocationLink } from '../../domain/provider-location-link.js';
import { LiveLinkExistsError, PractitionerRepository } from '../../domain/practitioner.repository.js';

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
