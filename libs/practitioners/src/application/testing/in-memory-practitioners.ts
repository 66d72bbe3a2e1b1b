import { OrganisationDirectory } from '@app/organisations';
import { notFound } from '@app/shared/domain';
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

/** The organisation directory over fixed organisations and their locations (the real one reads the database). */
export class KnownOrganisations extends OrganisationDirectory {
  constructor(private readonly locationsOf: Record<string, string[]>) {
    super(undefined as never, undefined as never);
  }

  override async assertExists(organisationId: string): Promise<void> {
    if (!(organisationId in this.locationsOf)) throw notFound('Organisation', organisationId);
  }

  override async locationExists(organisationId: string, locationId: string): Promise<boolean> {
    return this.locationsOf[organisationId]?.includes(locationId) ?? false;
  }
}

/** A detached copy, as a fresh load from the database would give. */
const copyOf = (provider: Provider): Provider => Object.assign(new Provider(), provider);
