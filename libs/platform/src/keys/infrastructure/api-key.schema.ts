import { EntitySchema } from '@mikro-orm/core';
import { TEXT, TIMESTAMP } from '@app/shared';
import { ApiKey } from '../domain/api-key.js';

export const ApiKeySchema = new EntitySchema<ApiKey>({
  class: ApiKey,
  tableName: 'api_keys',
  properties: {
    id: { ...TEXT, primary: true },
    name: TEXT,
    organisationId: { ...TEXT, nullable: true },
    secretHash: { ...TEXT, unique: true },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
    expiresAt: { ...TIMESTAMP, nullable: true },
    lastUsedAt: { ...TIMESTAMP, nullable: true },
    revokedAt: { ...TIMESTAMP, nullable: true },
  },
});
