// The membership context's public surface: members (patient accounts) and the clients of an
// organisation, which wallet and scheduling name by id.
export { MembershipModule, membershipSchemas } from './membership.module.js';
export { ClientDirectory, type ActiveClient } from './application/client-directory.js';
export { ClientReader } from './application/client.queries.js';
export type { ClientView } from './application/client-view.js';
export { ClientResponse } from './http/dto/client.response.js';
export { MemberReader } from './application/member-reader.js';
export type { Member } from './domain/member.js';
export { MemberResponse } from './http/dto/member.response.js';
