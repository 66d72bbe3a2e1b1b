import { EntitySchema } from '@mikro-orm/core';
import { JSONB, TEXT, TIMESTAMP, UUID } from '@app/shared';
import { Provider } from '../../domain/provider.js';
import { ProviderLocationLink } from '../../domain/provider-location-link.js';

export const ProviderSchema = new EntitySchema<Provider>({
  class: Provider,
  tableName: 'providers',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    firstName: TEXT,
    middleName: { ...TEXT, nullable: true },
    lastName: TEXT,
    email: { ...TEXT, nullable: true },
    mobileNumber: { ...TEXT, nullable: true },
    profileImageUrl: { ...TEXT, nullable: true },
    bookingsEnabled: { type: 'boolean' },
    deleted: { type: 'boolean' },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});

export const ProviderLocationLinkSchema = new EntitySchema<ProviderLocationLink>({
  class: ProviderLocationLink,
  tableName: 'provider_location_links',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    providerId: UUID,
    locationId: UUID,
    acceptedTerms: { type: 'boolean' },
    categoryCode: { ...TEXT, nullable: true },
    medicare: JSONB,
    association: JSONB,
    deleted: { type: 'boolean' },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});
