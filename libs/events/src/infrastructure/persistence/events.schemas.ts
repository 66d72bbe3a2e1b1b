import { EntitySchema } from '@mikro-orm/core';
import { WebhookEndpoint } from '../../domain/webhook-endpoint.js';

const TIMESTAMP = { type: 'Date', columnType: 'timestamptz(3)' } as const;

export const WebhookEndpointSchema = new EntitySchema<WebhookEndpoint>({
  class: WebhookEndpoint,
  tableName: 'webhook_endpoints',
  properties: {
    id: { type: 'uuid', columnType: 'uuid', primary: true },
    organisationId: { type: 'string' },
    url: { type: 'string' },
    description: { type: 'string', nullable: true },
    enabledEvents: { type: 'json', columnType: 'jsonb' },
    status: { type: 'string' },
    secret: { type: 'string' },
    previousSecret: { type: 'string', nullable: true },
    previousSecretExpiresAt: { ...TIMESTAMP, nullable: true },
    failingSince: { ...TIMESTAMP, nullable: true },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});

export const eventsSchemas = [WebhookEndpointSchema];
