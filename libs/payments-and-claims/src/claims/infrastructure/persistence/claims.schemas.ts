import { EntitySchema } from '@mikro-orm/core';
import { TEXT, TIMESTAMP, UUID } from '@app/shared';
import { Referral } from '../../domain/referral.js';

const DAY = { type: 'date', columnType: 'date' } as const;

export const ReferralSchema = new EntitySchema<Referral>({
  class: Referral,
  tableName: 'referrals',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    clientId: UUID,
    type: TEXT,
    referringProviderNumber: TEXT,
    referringProviderName: TEXT,
    issuedOn: DAY,
    expiresOn: { ...DAY, nullable: true },
    sessionsReferred: { type: 'integer', nullable: true },
    deleted: { type: 'boolean' },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});

/** The claims room's tables, for the ORM's configuration: its referrals. */
export const claimsSchemas = [ReferralSchema];
