import { EntitySchema } from '@mikro-orm/core';
import { TEXT, TIMESTAMP, UUID } from '@app/shared';
import { Remittance } from '../../domain/remittance.js';

export const RemittanceSchema = new EntitySchema<Remittance>({
  class: Remittance,
  tableName: 'remittances',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    businessId: UUID,
    payerType: TEXT,
    healthFundId: { ...UUID, nullable: true },
    payerName: TEXT,
    payeeProviderNumber: TEXT,
    paymentDate: { type: 'date', columnType: 'date' },
    paymentReference: TEXT,
    bankAccountBsb: TEXT,
    bankAccountNumberLast4: TEXT,
    amount: { type: 'integer' },
    expectedAmount: { type: 'integer' },
    claimCount: { type: 'integer' },
    status: TEXT,
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});

export const remittancesSchemas = [RemittanceSchema];
