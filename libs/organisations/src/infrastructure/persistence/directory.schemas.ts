import { EntitySchema } from '@mikro-orm/core';
import { Business } from '../../domain/business.js';
import { Location } from '../../domain/location.js';
import { PlanTemplateLink } from '../../domain/plan-template-link.js';

const TIMESTAMP = { type: 'Date', columnType: 'timestamptz(3)' } as const;
const UUID = { type: 'uuid', columnType: 'uuid' } as const;

export const BusinessSchema = new EntitySchema<Business>({
  class: Business,
  tableName: 'businesses',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: { type: 'string' },
    name: { type: 'string' },
    taxIdentifier: { type: 'string' },
    countryCode: { type: 'string' },
    merchantId: { type: 'string', nullable: true },
    settings: { type: 'json', columnType: 'jsonb' },
    capabilities: { type: 'json', columnType: 'jsonb' },
    events: { type: 'json', columnType: 'jsonb' },
    createdAt: TIMESTAMP,
  },
});

export const LocationSchema = new EntitySchema<Location>({
  class: Location,
  tableName: 'locations',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: { type: 'string' },
    businessId: UUID,
    name: { type: 'string' },
    timeZone: { type: 'string' },
    address: { type: 'json', columnType: 'jsonb' },
    email: { type: 'string', nullable: true },
    suggestedTaxIdentifier: { type: 'string', nullable: true },
    bookingCustomText: { type: 'string', nullable: true },
    registrations: { type: 'json', columnType: 'jsonb' },
    createdAt: TIMESTAMP,
  },
});

export const PlanTemplateLinkSchema = new EntitySchema<PlanTemplateLink>({
  class: PlanTemplateLink,
  tableName: 'plan_template_links',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: { type: 'string' },
    businessId: UUID,
    planTemplateId: { type: 'string' },
    url: { type: 'string' },
    createdAt: TIMESTAMP,
  },
});
