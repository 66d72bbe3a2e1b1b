import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Counter, Histogram } from 'prom-client';
import type { MetricsRegistry } from '@app/shared';

type Labels = 'method' | 'route' | 'status';

/**
 * Requests matched to no route of the API (Nest answers them with a catch-all `{/*splat}` route):
 * one label value, so unknown URLs cannot grow the series. No route of the API has a wildcard.
 */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts requests and times them by method, route template (`/v1/organisations/:organisationId`,
 * never the URL itself, which would make a series per id) and status. The route is read when the
 * answer is finished, after Express has matched it.
 */
export function requestMetrics(metrics: MetricsRegistry): RequestHandler {
  const requests: Counter<Labels> = metrics.counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames: ['method', 'route', 'status'] as const,
  });
  const duration: Histogram<Labels> = metrics.histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to finishing its answer',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  });
  return (request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    response.once('finish', () => {
      const labels = { method: request.method, route: routeTemplateOf(request), status: String(response.statusCode) };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - started) / 1000);
    });
    next();
  };
}

function routeTemplateOf(request: Request): string {
  const route = request.route as { path?: unknown } | undefined;
  return typeof route?.path === 'string' && !route.path.includes('*')
    ? `${request.baseUrl}${route.path}`
    : UNMATCHED_ROUTE;
}
