/** What the access checks need to know about a route, read from its decorators once. */
export interface RouteAccess {
  isPublic: boolean;
  platformOnly: boolean;
  rateLimited: boolean;
  /** The controller: public routes' per-IP budgets are per controller. */
  group: string;
}
