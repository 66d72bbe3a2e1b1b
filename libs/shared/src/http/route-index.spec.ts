import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { indexRoutes, routeLayersOf, type RouterLayer } from './route-index.js';

/** Path shapes that overlap the way an API's do: a literal beside a parameter, the same path with several methods. */
const ROUTES: Array<['get' | 'post' | 'patch' | 'delete', string]> = [
  ['get', '/v1/organisations'],
  ['post', '/v1/organisations'],
  ['get', '/v1/organisations/:organisationId'],
  ['patch', '/v1/organisations/:organisationId'],
  ['get', '/v1/organisations/:organisationId/providers'],
  ['post', '/v1/organisations/:organisationId/providers'],
  ['get', '/v1/organisations/:organisationId/providers/:providerId'],
  ['delete', '/v1/organisations/:organisationId/providers/:providerId'],
  ['get', '/v1/organisations/:organisationId/bookings/summary'],
  ['get', '/v1/organisations/:organisationId/bookings/:bookingId'],
  ['post', '/v1/organisations/:organisationId/bookings/:bookingId/cancel'],
  ['get', '/v1/organisations/first/bookings/:bookingId'],
  ['get', '/book/assets/:file'],
  ['get', '/book/:slug'],
  ['get', '/v1/health-funds'],
];

/** An app whose routes answer which route took the request, with its params; a 404 names no route. */
function appWithRoutes(indexed: boolean, between?: 'middleware'): Express {
  const app = express();
  ROUTES.forEach(([method, path], position) => {
    if (between && position === 7) {
      app.use((_request: Request, response: Response, next: NextFunction) => {
        response.setHeader('X-Between', 'yes');
        next();
      });
    }
    app[method](path, (request: Request, response: Response) => void response.json({ route: `${method} ${path}`, params: request.params }));
  });
  app.use(
    (request: Request, response: Response) =>
      void response.status(404).json({ route: null, path: request.path, header: response.getHeader('X-Between') ?? null }),
  );
  if (indexed) indexRoutes(app);
  return app;
}

const segment = fc.constantFrom(
  'v1',
  'V1',
  'organisations',
  'Organisations',
  'org_1',
  'providers',
  'bookings',
  'summary',
  'first',
  'b%2Fc',
  'cancel',
  'book',
  'assets',
  'app.js',
  'health-funds',
  '',
);
const path = fc
  .array(segment, { minLength: 0, maxLength: 6 })
  .chain((segments) => fc.constantFrom('', '/', '//').map((end) => `/${segments.join('/')}${segments.length ? end : ''}`));
const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS');

async function answer(app: Express, verb: string, url: string): Promise<{ status: number; body: unknown; allow?: string }> {
  const response = await request(app)[verb.toLowerCase() as 'get'](url);
  return { status: response.status, body: verb === 'HEAD' ? null : response.body, allow: response.headers.allow };
}

describe('indexRoutes', () => {
  const plain = appWithRoutes(false);
  const indexed = appWithRoutes(true);

  it('puts one layer in front of a run of routes and still knows every route', () => {
    const router = (indexed as unknown as { router: { stack: RouterLayer[] } }).router;
    expect(router.stack.filter((layer) => layer.route)).toHaveLength(0);
    expect(routeLayersOf(router).map(({ route }) => route.path)).toEqual(ROUTES.map(([, route]) => route));
  });

  it('answers every method and path as the routes do unindexed: the same route, params and 404s', async () => {
    await fc.assert(
      fc.asyncProperty(method, path, async (verb, url) => {
        expect(await answer(indexed, verb, url)).toEqual(await answer(plain, verb, url));
      }),
      { numRuns: 300 },
    );
  });

  it('takes the first route registered when a literal and a parameter both fit', async () => {
    const { body } = await answer(indexed, 'GET', '/v1/organisations/first/bookings/summary');
    expect(body).toEqual({ route: 'get /v1/organisations/:organisationId/bookings/summary', params: { organisationId: 'first' } });
  });

  it('keeps routes on either side of a middleware in their order around it', async () => {
    const app = appWithRoutes(true, 'middleware');
    const router = (app as unknown as { router: { stack: RouterLayer[] } }).router;
    // Seven routes before the middleware stay as they are (too few to index), eight after it are indexed.
    expect(router.stack.filter((layer) => layer.route)).toHaveLength(7);
    expect(await answer(app, 'GET', '/v1/organisations')).toEqual(await answer(appWithRoutes(false, 'middleware'), 'GET', '/v1/organisations'));
    const missing = await answer(app, 'GET', '/v1/nothing');
    expect(missing.body).toEqual({ route: null, path: '/v1/nothing', header: 'yes' });
  });
});
