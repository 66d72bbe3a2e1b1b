import type { EventRenderers } from '@app/shared/domain';
import type { WebhookEndpoint } from '../domain/webhook-endpoint.js';
import { WebhookEndpointResponse } from './dto/webhook-endpoint.response.js';

/** The `data` of the events context's own events: the endpoint as its GET answers it (never its secret). */
export function renderWebhookEndpointEvents(renderers: EventRenderers): void {
  renderers.register(['webhook_endpoint.test', 'webhook_endpoint.disabled'], (endpoint: WebhookEndpoint) =>
    WebhookEndpointResponse.from(endpoint),
  );
}
