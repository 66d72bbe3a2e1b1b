import type { Request } from 'express';
import { type RouterLayer, routeLayersOf } from './route-index.js';

const routeTables = new WeakMap<object, Array<{ pattern: RegExp; methods: string[] }>>();

const patternOf = (path: string): RegExp =>
  new RegExp(
    `^${path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  );

/** Every route of the Express app, read from its router once the first unmatched request asks. */
function routeTable(request: Request): Array<{ pattern: RegExp; methods: string[] }> {
  const router = (request.app as unknown as { router: { stack: RouterLayer[] } }).router;
  let table = routeTables.get(router);
  if (!table) {
    table = routeLayersOf(router).flatMap(({ route }) =>
      typeof route.path === 'string' ? [{ pattern: patternOf(route.path), methods: Object.keys(route.methods).filter((method) => method !== '_all') }] : [],
    );
    routeTables.set(router, table);
  }
  return table;
}

/**
 * The methods the request's path answers to, for a request no route took (`Allow` of a 405);
 * empty when no route has this path (a 404). GET routes answer HEAD too.
 */
export function allowedMethodsOf(request: Request): string[] {
  const methods = new Set<string>();
  for (const { pattern, methods: routeMethods } of routeTable(request)) {
    if (pattern.test(request.path)) routeMethods.forEach((method) => methods.add(method.toUpperCase()));
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}
