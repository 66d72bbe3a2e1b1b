import { EntitySchema } from '@mikro-orm/core';
import { JSONB, TEXT, TIMESTAMP, UUID } from '@app/shared';
import { Client } from '../../domain/client.js';
import { Member } from '../../domain/member.js';

const DATE = { type: 'date', columnType: 'date', nullable: true } as const;

// The unique index on lower(email) lives in the migration: an ORM unique flag cannot say "ignoring case".
export const MemberSchema = new EntitySchema<Member>({
  class: Member,
  tableName: 'members',
  properties: {
    id: { ...TEXT, primary: true },
    firstName: TEXT,
    lastName: TEXT,
    email: TEXT,
    mobileNumber: { ...TEXT, nullable: true },
    dateOfBirth: DATE,
    profileImageUrl: { ...TEXT, nullable: true },
    metadata: JSONB,
    emailVerified: { type: 'boolean' },
    mobileNumberVerified: { type: 'boolean' },
    roles: JSONB,
    settings: JSONB,
    activity: JSONB,
    createdByOrganisationId: { ...TEXT, nullable: true },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});

export const ClientSchema = new EntitySchema<Client>({
  class: Client,
  tableName: 'clients',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    memberId: { ...TEXT, nullable: true },
    firstName: TEXT,
    lastName: TEXT,
    dateOfBirth: DATE,
    mobileNumber: { ...TEXT, nullable: true },
    email: { ...TEXT, nullable: true },
    pmsPatientId: { ...TEXT, nullable: true },
    pmsCreatedAt: { ...TIMESTAMP, nullable: true },
    profileImageUrl: { ...TEXT, nullable: true },
    deleted: { type: 'boolean' },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
    // Byte order ("C"), so that a prefix is a range an index serves: see name-search.ts.
    lastNameSearch: { ...TEXT, collation: 'C' },
    fullNameSearch: { ...TEXT, collation: 'C' },
  },
});
