import { EntitySchema } from '@mikro-orm/core';
import { Organisation } from '../../domain/organisation.js';

export const OrganisationSchema = new EntitySchema<Organisation>({
  class: Organisation,
  tableName: 'organisations',
  properties: {
    id: { type: 'string', primary: true },
    name: { type: 'string' },
    slug: { type: 'string', unique: 'organisations_slug_unique' },
    createdAt: { type: 'Date', columnType: 'timestamptz(3)' },
    bookingsEnabled: { type: 'boolean' },
    brandImageUrl: { type: 'string', nullable: true },
    wordmarkImageUrl: { type: 'string', nullable: true },
    websiteUrl: { type: 'string', nullable: true },
    bookingSettings: { type: 'json', columnType: 'jsonb' },
  },
});
