import { EntitySchema } from '@mikro-orm/core';
import { ApiKey } from '../domain/api-key.js';

export const ApiKeySchema = new EntitySchema<ApiKey>({
  class: ApiKey,
  tableName: 'api_keys',
  properties: {
    id: { type: 'string', primary: true },
    name: { type: 'string' },
    organisationId: { type: 'string', nullable: true },
    secretHash: { type: 'string', unique: true },
    createdAt: { type: 'Date', columnType: 'timestamptz(3)' },
    expiresAt: { type: 'Date', columnType: 'timestamptz(3)', nullable: true },
    lastUsedAt: { type: 'Date', columnType: 'timestamptz(3)', nullable: true },
    revokedAt: { type: 'Date', columnType: 'timestamptz(3)', nullable: true },
  },
});
