import type { EventRenderers } from '@app/shared/domain';
import type { ProviderView } from '../application/practitioner.queries.js';
import type { ProviderLocationLink } from '../domain/provider-location-link.js';
import { ProviderLocationLinkResponse } from './dto/location-link.response.js';
import { ProviderResponse } from './dto/provider.response.js';

/**
 * The `data` of provider events: the provider as `GET …/providers/{providerId}` answers it; of link
 * events, the link as `GET …/providers/{providerId}/location-links` lists it.
 */
export function renderPractitionerEvents(renderers: EventRenderers): void {
  renderers.register(['provider.created', 'provider.updated', 'provider.deleted'], (provider: ProviderView) =>
    ProviderResponse.from(provider),
  );
  renderers.register(
    ['provider_location_link.created', 'provider_location_link.updated', 'provider_location_link.deleted'],
    (link: ProviderLocationLink) => ProviderLocationLinkResponse.from(link),
  );
}
