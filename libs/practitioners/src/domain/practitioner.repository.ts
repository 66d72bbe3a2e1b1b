import type { Provider } from './provider.js';
import type { ProviderLocationLink } from './provider-location-link.js';

export abstract class PractitionerRepository {
  abstract findProvider(organisationId: string, providerId: string): Promise<Provider | null>;
  /** The provider, locked until the running transaction ends (the one `DomainEvents.transaction` opens). */
  abstract lockProvider(organisationId: string, providerId: string): Promise<Provider | null>;
  /** A link of the provider, locked until the running transaction ends. */
  abstract lockLink(organisationId: string, providerId: string, linkId: string): Promise<ProviderLocationLink | null>;
  abstract save(...changed: (Provider | ProviderLocationLink)[]): Promise<void>;
  /** Fails with `LiveLinkExistsError` when the provider already has a live link to the location. */
  abstract addLink(link: ProviderLocationLink): Promise<void>;
}

export class LiveLinkExistsError extends Error {}
