import { EntitySchema } from '@mikro-orm/core';
import { JSONB, TEXT, TIMESTAMP, UUID } from '@app/shared';
import { HealthFund } from '../../domain/health-fund.js';

export const HealthFundSchema = new EntitySchema<HealthFund>({
  class: HealthFund,
  tableName: 'health_funds',
  properties: {
    id: { ...UUID, primary: true },
    name: TEXT,
    capabilities: JSONB,
    createdAt: TIMESTAMP,
  },
});
