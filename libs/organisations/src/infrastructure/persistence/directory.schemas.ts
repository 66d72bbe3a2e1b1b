import { EntitySchema } from '@mikro-orm/core';
import { JSONB, TEXT, TIMESTAMP, UUID } from '@app/shared';
import { Business } from '../../domain/business.js';
import { Location } from '../../domain/location.js';
import { PlanTemplateLink } from '../../domain/plan-template-link.js';

export const BusinessSchema = new EntitySchema<Business>({
  class: Business,
  tableName: 'businesses',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    name: TEXT,
    taxIdentifier: TEXT,
    countryCode: TEXT,
    merchantId: { ...TEXT, nullable: true },
    gstRegistered: { type: 'boolean' },
    settings: JSONB,
    capabilities: JSONB,
    events: JSONB,
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});

export const LocationSchema = new EntitySchema<Location>({
  class: Location,
  tableName: 'locations',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    businessId: UUID,
    name: TEXT,
    timeZone: TEXT,
    address: JSONB,
    email: { ...TEXT, nullable: true },
    suggestedTaxIdentifier: { ...TEXT, nullable: true },
    bookingCustomText: { ...TEXT, nullable: true },
    registrations: JSONB,
    terminalIds: { type: 'string[]', columnType: 'text[]', defaultRaw: "'{}'" },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});

export const PlanTemplateLinkSchema = new EntitySchema<PlanTemplateLink>({
  class: PlanTemplateLink,
  tableName: 'plan_template_links',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    businessId: UUID,
    planTemplateId: TEXT,
    url: TEXT,
    createdAt: TIMESTAMP,
  },
});
