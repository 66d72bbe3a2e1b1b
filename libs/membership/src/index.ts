// The membership context's public surface: members (patient accounts) and the clients of an
// organisation, which wallet and scheduling name by id.
export { MembershipModule, membershipSchemas } from './membership.module.js';
export { ClientQueries, type ActiveClient, type ClientSummary, type ClientView } from './application/client.queries.js';
export { clientRead } from './infrastructure/persistence/sql-client.queries.js';
export { clientIdsNamed } from './infrastructure/persistence/client-search.js';
export { FindOrAddClient, type PatientDetails } from './application/find-or-add-client.use-case.js';
export { MemberQueries } from './application/member.queries.js';
export { clientDeleted } from './domain/membership.errors.js';
export { nameSearchForms } from './domain/name-search.js';
export type { Member } from './domain/member.js';
