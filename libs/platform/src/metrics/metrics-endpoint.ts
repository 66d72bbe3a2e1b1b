import { hash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { collectDefaultMetrics } from 'prom-client';
import { AppConfig, DomainError, MetricsRegistry, PROBLEM_CONTENT_TYPE, problemOf } from '@app/shared';
import { registerDatabasePoolMetrics } from './database-pool-metrics.js';
import { requestMetrics } from './http-metrics.js';

export const METRICS_PATH = '/metrics';

/**
 * Serves the metrics registry as Prometheus text, never publicly by default: on a listener of its
 * own when `METRICS_PORT` is set (a port the load balancer does not forward), otherwise on the
 * main port behind `Authorization: Bearer <METRICS_TOKEN>`; with neither, not at all, and then no
 * request is timed either.
 */
@Injectable()
export class MetricsEndpoint implements OnApplicationShutdown {
  private listener?: Server;

  constructor(
    private readonly config: AppConfig,
    private readonly metrics: MetricsRegistry,
    private readonly orm: MikroORM,
  ) {}

  /** Called by the composition root before any other middleware, so every request is timed. */
  async mount(app: NestExpressApplication): Promise<void> {
    if (!this.config.metricsServed) return;
    collectDefaultMetrics({ register: this.metrics.registry });
    registerDatabasePoolMetrics(this.metrics, this.orm);
    if (this.config.metricsPort !== undefined) {
      this.listener = await this.listen(this.config.metricsPort, this.config.metricsHost);
    } else {
      app.use((request: IncomingMessage, response: ServerResponse, next: () => void) =>
        isScrape(request) ? void this.scrape(request, response) : next(),
      );
    }
    app.use(requestMetrics(this.metrics));
  }

  async onApplicationShutdown(): Promise<void> {
    const listener = this.listener;
    if (!listener) return;
    this.listener = undefined;
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  }

  private listen(port: number, host: string | undefined): Promise<Server> {
    const server = createServer((request, response) => {
      if (isScrape(request)) return void this.scrape(request, response);
      refuse(
        request,
        response,
        new DomainError('not_found', 'not_found', `This port serves only GET ${METRICS_PATH}.`),
      );
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve(server));
    });
  }

  private async scrape(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (
      this.config.metricsToken !== undefined &&
      !bearerMatches(request.headers.authorization, this.config.metricsToken)
    ) {
      return refuse(
        request,
        response,
        new DomainError('unauthenticated', 'unauthenticated', 'Metrics need Authorization: Bearer <METRICS_TOKEN>.'),
      );
    }
    try {
      const body = await this.metrics.exposition();
      response.writeHead(200, { 'Content-Type': this.metrics.contentType, 'Cache-Control': 'no-store' }).end(body);
    } catch {
      refuse(
        request,
        response,
        new DomainError('unavailable', 'service_unavailable', 'The metrics could not be read; retry the scrape.'),
      );
    }
  }
}

const isScrape = (request: IncomingMessage): boolean =>
  request.method === 'GET' && request.url?.split('?')[0] === METRICS_PATH;

/** Both sides hashed first, so the comparison takes the same time whatever the lengths. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const digest = (value: string) => hash('sha256', value, 'buffer');
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * A problem+json answer written on the plain Node response, which both the main port's Express
 * and the metrics listener (no Express) hand over.
 */
function refuse(request: IncomingMessage, response: ServerResponse, error: DomainError): void {
  const id = request.id ?? randomUUID();
  const problem = problemOf(error, { id, originalUrl: request.url ?? METRICS_PATH });
  const headers: Record<string, string> = { 'Content-Type': PROBLEM_CONTENT_TYPE, 'X-Request-Id': id };
  if (problem.status === 401) headers['WWW-Authenticate'] = 'Bearer';
  response.writeHead(problem.status, headers).end(JSON.stringify(problem));
}
