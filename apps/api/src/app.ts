import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppConfig, createValidationPipe, jsonBody, parseQueryString, ProblemFilter, requestId } from '@app/shared';
import { EnsureBootstrapKey } from '@app/platform';
import { RescopeCardFingerprints } from '@app/wallet';
import { AppModule } from './app.module.js';
import { runMigrations } from './database/migrate.js';
import { serveApiDocs } from './openapi.js';

/**
 * The application as `main.ts` and the tests run it: the request pipeline, a migrated database,
 * and the bootstrap key when one is configured.
 */
export async function createApp(
  config: AppConfig,
  databaseUrl: string,
  options: { bootstrapKey?: string; logDestination?: DestinationStream } = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl, options.logDestination), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.set('query parser', parseQueryString);
  app.set('trust proxy', config.trustProxy);
  // Hashing every answer costs CPU that no API client uses; booking data sets its own ETag.
  app.set('etag', false);
  app.use(requestId());
  // TLS ends at the load balancer, so pages are never upgraded to https here (Swagger UI on http://localhost).
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  app.use(jsonBody());
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ProblemFilter());
  serveApiDocs(app, config);

  const orm = app.get(MikroORM);
  const applied = await runMigrations(orm);
  if (applied.length) app.get(Logger).log(`Applied migrations: ${applied.join(', ')}`, 'Migrations');
  const rescoped = await app.get(RescopeCardFingerprints).execute();
  if (rescoped) app.get(Logger).log(`Card fingerprints made per organisation: ${rescoped}`, 'Migrations');
  const { bootstrapKey } = options;
  if (bootstrapKey) await RequestContext.create(orm.em, () => app.get(EnsureBootstrapKey).execute(bootstrapKey));
  await app.init();
  return app;
}
