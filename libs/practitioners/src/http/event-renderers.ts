import type { EventRenderers } from '@app/shared/domain';
import type { ProviderView } from '../application/practitioner.queries.js';
import { ProviderResponse } from './dto/provider.response.js';

/** The `data` of provider events: the provider as `GET /v1/organisations/{id}/providers/{id}` answers it. */
export function renderPractitionerEvents(renderers: EventRenderers): void {
  renderers.register(['provider.created', 'provider.deleted'], (provider: ProviderView) => ProviderResponse.from(provider));
}
