import { EntitySchema } from '@mikro-orm/core';
import { JSONB, TEXT, TIMESTAMP, UUID } from '@app/shared';
import { StoredEvent } from '../../domain/stored-event.js';
import { WebhookDelivery } from '../../domain/webhook-delivery.js';
import { WebhookEndpoint } from '../../domain/webhook-endpoint.js';

export const WebhookEndpointSchema = new EntitySchema<WebhookEndpoint>({
  class: WebhookEndpoint,
  tableName: 'webhook_endpoints',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    url: TEXT,
    description: { ...TEXT, nullable: true },
    enabledEvents: JSONB,
    status: TEXT,
    sealedSecret: { ...TEXT, fieldName: 'secret' },
    sealedPreviousSecret: { ...TEXT, nullable: true, fieldName: 'previous_secret' },
    previousSecretExpiresAt: { ...TIMESTAMP, nullable: true },
    failingSince: { ...TIMESTAMP, nullable: true },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});

/** Written with plain SQL on the change's transaction (the outbox); mapped for the read side. */
export const StoredEventSchema = new EntitySchema<StoredEvent>({
  class: StoredEvent,
  tableName: 'events',
  properties: {
    id: { ...TEXT, primary: true },
    type: TEXT,
    timestamp: { ...TIMESTAMP, fieldName: 'created_at' },
    organisationId: { ...TEXT, nullable: true },
    data: JSONB,
    previous: { ...JSONB, nullable: true },
  },
});

/** Written with plain SQL (a repeated attempt keeps the first record); mapped for the read side. */
export const WebhookDeliverySchema = new EntitySchema<WebhookDelivery>({
  class: WebhookDelivery,
  tableName: 'webhook_deliveries',
  uniques: [
    { name: 'webhook_deliveries_endpoint_id_event_id_attempt_key', properties: ['endpointId', 'eventId', 'attempt'] },
  ],
  properties: {
    id: { ...UUID, primary: true },
    endpointId: UUID,
    organisationId: TEXT,
    eventId: TEXT,
    eventType: TEXT,
    attempt: { type: 'integer' },
    status: TEXT,
    responseStatus: { type: 'integer', nullable: true },
    durationMs: { type: 'integer' },
    error: { ...TEXT, nullable: true },
    responseBody: { ...TEXT, nullable: true },
    createdAt: TIMESTAMP,
    nextAttemptAt: { ...TIMESTAMP, nullable: true },
  },
});

export const eventsSchemas = [WebhookEndpointSchema, StoredEventSchema, WebhookDeliverySchema];
