import { EntitySchema } from '@mikro-orm/core';
import { Provider } from '../../domain/provider.js';
import { ProviderLocationLink } from '../../domain/provider-location-link.js';

const TIMESTAMP = { type: 'Date', columnType: 'timestamptz(3)' } as const;
const UUID = { type: 'uuid', columnType: 'uuid' } as const;

export const ProviderSchema = new EntitySchema<Provider>({
  class: Provider,
  tableName: 'providers',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: { type: 'string' },
    firstName: { type: 'string' },
    middleName: { type: 'string', nullable: true },
    lastName: { type: 'string' },
    email: { type: 'string', nullable: true },
    mobileNumber: { type: 'string', nullable: true },
    profileImageUrl: { type: 'string', nullable: true },
    bookingsEnabled: { type: 'boolean' },
    deleted: { type: 'boolean' },
    createdAt: TIMESTAMP,
  },
});

export const ProviderLocationLinkSchema = new EntitySchema<ProviderLocationLink>({
  class: ProviderLocationLink,
  tableName: 'provider_location_links',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: { type: 'string' },
    providerId: UUID,
    locationId: UUID,
    acceptedTerms: { type: 'boolean' },
    categoryCode: { type: 'string', nullable: true },
    medicare: { type: 'json', columnType: 'jsonb' },
    association: { type: 'json', columnType: 'jsonb' },
    deleted: { type: 'boolean' },
    createdAt: TIMESTAMP,
  },
});
