import { EntitySchema } from '@mikro-orm/core';
import { Client } from '../../domain/client.js';
import { Member } from '../../domain/member.js';

const TIMESTAMP = { type: 'Date', columnType: 'timestamptz(3)' } as const;
const JSONB = { type: 'json', columnType: 'jsonb' } as const;
const DATE = { type: 'date', columnType: 'date', nullable: true } as const;

// The unique index on lower(email) lives in the migration: an ORM unique flag cannot say "ignoring case".
export const MemberSchema = new EntitySchema<Member>({
  class: Member,
  tableName: 'members',
  properties: {
    id: { type: 'string', primary: true },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    mobileNumber: { type: 'string', nullable: true },
    dateOfBirth: DATE,
    profileImageUrl: { type: 'string', nullable: true },
    metadata: JSONB,
    emailVerified: { type: 'boolean' },
    mobileNumberVerified: { type: 'boolean' },
    roles: JSONB,
    settings: JSONB,
    activity: JSONB,
    createdByOrganisationId: { type: 'string', nullable: true },
    createdAt: TIMESTAMP,
  },
});

export const ClientSchema = new EntitySchema<Client>({
  class: Client,
  tableName: 'clients',
  properties: {
    id: { type: 'uuid', columnType: 'uuid', primary: true },
    organisationId: { type: 'string' },
    memberId: { type: 'string', nullable: true },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    dateOfBirth: DATE,
    mobileNumber: { type: 'string', nullable: true },
    email: { type: 'string', nullable: true },
    pmsPatientId: { type: 'string', nullable: true },
    pmsCreatedAt: { ...TIMESTAMP, nullable: true },
    profileImageUrl: { type: 'string', nullable: true },
    deleted: { type: 'boolean' },
    createdAt: TIMESTAMP,
  },
});
