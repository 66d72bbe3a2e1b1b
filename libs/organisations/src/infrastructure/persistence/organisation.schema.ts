import { EntitySchema } from '@mikro-orm/core';
import { JSONB, TEXT, TIMESTAMP } from '@app/shared';
import { Organisation } from '../../domain/organisation.js';

export const OrganisationSchema = new EntitySchema<Organisation>({
  class: Organisation,
  tableName: 'organisations',
  properties: {
    id: { ...TEXT, primary: true },
    name: TEXT,
    slug: { ...TEXT, unique: 'organisations_slug_unique' },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
    bookingsEnabled: { type: 'boolean' },
    livemode: { type: 'boolean', default: true },
    brandImageUrl: { ...TEXT, nullable: true },
    wordmarkImageUrl: { ...TEXT, nullable: true },
    websiteUrl: { ...TEXT, nullable: true },
    bookingSettings: JSONB,
  },
});
