// The practitioners context's public surface.
export { PractitionersModule, practitionerSchemas } from './practitioners.module.js';
export { PractitionerQueries, type ProviderView } from './application/practitioner.queries.js';
export { linkAtRead, providerRead } from './infrastructure/persistence/sql-practitioner.queries.js';
export type { ProviderLocationLink } from './domain/provider-location-link.js';
export { isValidMedicareProviderNumber, medicareProviderNumber } from './domain/medicare-provider-number.js';
