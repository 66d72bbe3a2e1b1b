import type { Provider } from './provider.js';
import type { ProviderLocationLink } from './provider-location-link.js';

export abstract class PractitionerRepository {
  abstract findProvider(organisationId: string, providerId: string): Promise<Provider | null>;
  abstract save(provider: Provider): Promise<void>;
  /** Fails with `LiveLinkExistsError` when the provider already has a live link to the location. */
  abstract addLink(link: ProviderLocationLink): Promise<void>;
}

export class LiveLinkExistsError extends Error {}
