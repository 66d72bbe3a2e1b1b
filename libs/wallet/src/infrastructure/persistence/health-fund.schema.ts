import { EntitySchema } from '@mikro-orm/core';
import { HealthFund } from '../../domain/health-fund.js';

export const HealthFundSchema = new EntitySchema<HealthFund>({
  class: HealthFund,
  tableName: 'health_funds',
  properties: {
    id: { type: 'uuid', columnType: 'uuid', primary: true },
    name: { type: 'string' },
    capabilities: { type: 'json', columnType: 'jsonb' },
  },
});
