// The organisations context's public surface.
export { OrganisationsModule, organisationSchemas } from './organisations.module.js';
export { OrganisationQueries } from './application/organisation.queries.js';
export { OrganisationModes } from './application/organisation-modes.js';
export { DirectoryQueries } from './application/directory.queries.js';
export { locationRead } from './infrastructure/persistence/sql-directory.queries.js';
export { LocationBookings } from './domain/location-bookings.js';
export type { Location, Address, Registration, RegistrationStatus } from './domain/location.js';
export { activeRegistration, hasTerminal, medicareMinorIdOf } from './domain/location.js';
export type { Business } from './domain/business.js';
export type { BookingSettings } from './domain/booking-settings.js';
export type { Organisation } from './domain/organisation.js';
export { isValidAbn } from './domain/abn.js';
export { slugify } from './domain/slug.js';
export { DEFAULT_BOOKING_SETTINGS } from './domain/booking-settings.js';
