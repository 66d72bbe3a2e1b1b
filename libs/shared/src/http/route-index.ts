import { type NextFunction, type Request, type Response, Router } from 'express';

/** A layer of an Express 5 router's stack: a route (`app.get(path, …)`) or a middleware. */
export interface RouterLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
}

interface ExpressRouter {
  stack: RouterLayer[];
  handle(request: Request, response: Response, next: NextFunction): void;
}

/** A route path of literal segments and `:name` parameters only (no wildcard, optional part or pattern). */
const PLAIN_PATH = /^(?:\/(?::[A-Za-z_$][\w$]*|[\w.~-]+))+$/;

/** Runs of at least this many plain routes are indexed; a shorter run costs less to walk. */
const MIN_RUN = 8;

interface Node {
  literals: Map<string, Node>;
  parameter?: Node;
  /** Positions in the run of the routes whose path ends here. */
  routes: number[];
}

const newNode = (): Node => ({ literals: new Map(), routes: [] });

/** The routes behind each index layer, for `routeLayersOf` (by layer: tracing may wrap a layer's handle). */
const indexedRoutes = new WeakMap<RouterLayer, RouteLayer[]>();

/**
 * Express 5 tries an app's routes one by one in the order they were registered, each with its
 * regular expression, and Nest registers every route on the app's one router: a request for the
 * 53rd route pays for the 52 before it (measured: 80 more routes ahead cost a bare Nest app 28 µs
 * a request, `bench/README.md`). This replaces every run of consecutive plain routes in `app`'s
 * router (no middleware between them) with one layer that looks the request's path up in a tree
 * of the routes' segments and hands it to those routes whose literal segments it has, in their
 * order, on a router of their own: the same routes match, in the same order, with the same
 * params, and a request none of them takes goes on to the layer after the run, as before. Call it
 * once every route is registered (after `app.init()`).
 */
export function indexRoutes(app: { router: object }): void {
  const router = app.router as ExpressRouter;
  const stack: RouterLayer[] = [];
  let run: RouteLayer[] = [];
  const endRun = () => {
    if (run.length >= MIN_RUN) stack.push(indexLayer(run));
    else stack.push(...run);
    run = [];
  };
  for (const layer of router.stack) {
    if (isPlainRoute(layer)) {
      run.push(layer);
    } else {
      endRun();
      stack.push(layer);
    }
  }
  endRun();
  router.stack.splice(0, router.stack.length, ...stack);
}

/** A layer that is a route. */
export type RouteLayer = Required<RouterLayer>;

const isRoute = (layer: RouterLayer): layer is RouteLayer => layer.route !== undefined;

/** Every route layer of `router`, those behind an index included, in their order. */
export function routeLayersOf(router: { stack: RouterLayer[] }): RouteLayer[] {
  return router.stack.flatMap((layer) => indexedRoutes.get(layer) ?? (isRoute(layer) ? [layer] : []));
}

/** A route with a plain path that does not answer OPTIONS itself (its run lets OPTIONS through untouched). */
function isPlainRoute(layer: RouterLayer): layer is RouteLayer {
  if (!isRoute(layer)) return false;
  const { path, methods } = layer.route;
  return typeof path === 'string' && PLAIN_PATH.test(path) && !methods.options && !methods._all;
}

function indexLayer(run: RouteLayer[]): RouterLayer {
  const root = newNode();
  run.forEach((layer, position) => {
    let node = root;
    for (const segment of segmentsOf(layer.route.path as string)) {
      if (segment.startsWith(':')) {
        node = node.parameter ??= newNode();
      } else {
        // Routes match case-insensitively (Express's default), so literals are kept in lower case.
        const literal = segment.toLowerCase();
        let next = node.literals.get(literal);
        if (!next) node.literals.set(literal, (next = newNode()));
        node = next;
      }
    }
    node.routes.push(position);
  });
  // One router per set of routes a path can reach (almost always the routes of one path).
  const routers = new Map<string, ExpressRouter>();
  const routerOf = (positions: number[]): ExpressRouter => {
    const key = positions.join(',');
    let candidates = routers.get(key);
    if (!candidates) {
      candidates = Router() as unknown as ExpressRouter;
      candidates.stack.push(...positions.map((position) => run[position]));
      routers.set(key, candidates);
    }
    return candidates;
  };
  const routeIndex = (request: Request, response: Response, next: NextFunction): void => {
    // None of these routes answers OPTIONS: walking them would only collect their methods.
    if (request.method === 'OPTIONS') return next();
    const positions = routesFor(root, segmentsOf(request.path));
    if (positions.length === 0) return next();
    routerOf(positions).handle(request, response, next);
  };
  // A middleware layer made the way Express makes one.
  const holder = Router() as unknown as ExpressRouter & { use(handler: unknown): void };
  holder.use(routeIndex);
  const layer = holder.stack[0];
  indexedRoutes.set(layer, run);
  return layer;
}

/** `/a/b/` → `['a', 'b']`: routes ignore one trailing slash (Express's default, not strict). */
function segmentsOf(path: string): string[] {
  const segments = path.split('/').slice(1);
  if (segments.length > 1 && segments.at(-1) === '') segments.pop();
  return segments;
}

/** The positions of the routes whose literal segments the path has (a parameter takes any non-empty segment), in order. */
function routesFor(root: Node, segments: string[]): number[] {
  const found: number[] = [];
  const visit = (node: Node, depth: number): void => {
    if (depth === segments.length) {
      found.push(...node.routes);
      return;
    }
    const segment = segments[depth];
    const literal = node.literals.get(segment.toLowerCase());
    if (literal) visit(literal, depth + 1);
    if (node.parameter && segment !== '') visit(node.parameter, depth + 1);
  };
  visit(root, 0);
  return found.length > 1 ? found.sort((a, b) => a - b) : found;
}
