import createFetchClient, { type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

/** The RFC 9457 problem details body of every error answer; branch on its stable `code`. */
export type Problem = components['schemas']['ProblemDto'];

export interface BusinessApiOptions extends ClientOptions {
  /** The service's address, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** An API key (`sk_…`), sent as `Authorization: Bearer …`. Leave out for the public routes. */
  apiKey?: string;
}

/**
 * A client of the Business API: `client.GET('/v1/organisations/{organisationId}/bookings', { params })`
 * with paths, parameters, bodies, answers and problem bodies typed from the OpenAPI document.
 */
export function createBusinessApiClient({ apiKey, headers, ...options }: BusinessApiOptions) {
  return createFetchClient<paths>({ ...options, headers: { ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}), ...headers } });
}

export type BusinessApiClient = ReturnType<typeof createBusinessApiClient>;
