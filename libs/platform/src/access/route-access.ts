import type { RateLimitedRoute } from '../rate-limit/rate-limit.js';

/** What the access checks need to know about a route, read from its decorators once. */
export interface RouteAccess extends RateLimitedRoute {
  platformOnly: boolean;
  rateLimited: boolean;
}
