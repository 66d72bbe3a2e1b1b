// The organisations context's public surface.
export { OrganisationsModule, organisationSchemas } from './organisations.module.js';
export { OrganisationDirectory } from './application/organisation-directory.js';
