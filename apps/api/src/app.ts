import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import type { DestinationStream } from 'pino';
import {
  AllowedMethods,
  answerClientErrorsAsProblems,
  AppConfig,
  AppLogger,
  createValidationPipe,
  DirectDatabaseUrl,
  jsonBody,
  literalPathsFirst,
  parseQueryString,
  rawBody,
  ProblemFilter,
  RequestLog,
  StartUpQuietLogger,
} from '@app/shared';
import { EnsureBootstrapKey, MetricsEndpoint } from '@app/platform';
import { RescopeCardFingerprints } from '@app/wallet';
import { SealWebhookSecrets } from '@app/events';
import { AppModule } from './app.module.js';
import { migrateAtStartUp } from './database/migrate.js';
import { readDemoIds } from './demo-data/demo-data.js';
import { serveApiDocs } from './openapi.js';
import { requestScope } from './request-scope.js';

/** The largest Stripe event the webhook route reads; Stripe's events are a few kilobytes. */
const STRIPE_EVENT_MAX_BYTES = 1024 * 1024;

/**
 * The application as `main.ts` and the tests run it: the request pipeline, a migrated database,
 * and the bootstrap key when one is configured.
 */
/** How long an idle kept-alive connection stays open (Node's own default is 5 s). */
const KEEP_ALIVE_MS = 65_000;

export async function createApp(
  config: AppConfig,
  databaseUrl: string,
  options: { bootstrapKey?: string; logDestination?: DestinationStream } = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, databaseUrl, options.logDestination),
    {
      bodyParser: false,
      bufferLogs: true,
    },
  );
  const logger = app.get(AppLogger);
  app.useLogger(new StartUpQuietLogger(logger));
  answerClientErrorsAsProblems(app.getHttpServer());
  // The client, or the load balancer in front, ends an idle kept-alive connection, not the service:
  // a request sent as the service closed it would be reset. Longer than the common 60 s idle timeout.
  app.getHttpServer().keepAliveTimeout = KEEP_ALIVE_MS;
  app.set('query parser', parseQueryString);
  app.set('trust proxy', config.trustProxy);
  // Hashing every answer costs CPU that no API client uses; booking data sets its own ETag.
  app.set('etag', false);
  await app.get(MetricsEndpoint).mount(app);
  app.use(requestScope(app.get(MikroORM).em, app.get(RequestLog)));
  // TLS ends at the load balancer, so pages are never upgraded to https here (Swagger UI on http://localhost).
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  app.use(literalPathsFirst(app.get(AllowedMethods)));
  // Stripe signs the bytes it sends: its webhook route reads them untouched (payments-and-claims'
  // stripe-webhooks.controller.ts). A Stripe event can be larger than an API request may be.
  app.use('/v1/stripe/webhooks', rawBody(STRIPE_EVENT_MAX_BYTES));
  app.use(jsonBody());
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ProblemFilter(app.get(AllowedMethods)));
  serveApiDocs(app, config, exampleIdsOf(config, databaseUrl));

  const orm = app.get(MikroORM);
  const applied = await migrateAtStartUp(orm, databaseUrl, app.get(DirectDatabaseUrl).url);
  if (applied.length) {
    const which = applied.length <= 3 ? applied.join(', ') : `${applied[0]} to ${applied.at(-1)}`;
    logger.log(`Applied ${applied.length} migrations: ${which}`, 'Migrations');
  }
  const rescoped = await app.get(RescopeCardFingerprints).execute();
  if (rescoped) logger.log(`Card fingerprints made per organisation: ${rescoped}`, 'Migrations');
  const sealed = await app.get(SealWebhookSecrets).execute();
  if (sealed) logger.log(`Webhook endpoints whose secrets were sealed: ${sealed}`, 'Migrations');
  const { bootstrapKey } = options;
  if (bootstrapKey) await RequestContext.create(orm.em, () => app.get(EnsureBootstrapKey).execute(bootstrapKey));
  await app.init();
  return app;
}

/**
 * Real ids only in a demo: elsewhere they would be the oldest organisation's rows, shown to anyone
 * reading the docs. Read on the first docs request (`main.ts` loads the demo before it listens) and
 * kept, empty included, so docs requests open no database connections.
 */
function exampleIdsOf(config: AppConfig, databaseUrl: string): () => Promise<Record<string, string>> {
  if (!config.demoData) return async () => ({});
  let ids: Promise<Record<string, string>> | undefined;
  return () => (ids ??= readDemoIds(databaseUrl).catch(() => ({})));
}
