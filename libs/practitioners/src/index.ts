// The practitioners context's public surface.
export { PractitionersModule, practitionerSchemas } from './practitioners.module.js';
export {
  linkAtRead,
  PractitionerQueries,
  providerRead,
  type ProviderView,
} from './application/practitioner.queries.js';
export type { ProviderLocationLink } from './domain/provider-location-link.js';
export { isValidMedicareProviderNumber, medicareProviderNumber } from './domain/medicare-provider-number.js';
