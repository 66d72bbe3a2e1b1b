import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from '@app/shared';
import { createApp } from './app.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres.js';
import { demoRequests, loadDemoDataIfEmpty } from './demo-data/demo-data.js';

let app: NestExpressApplication | undefined;
let embedded: EmbeddedDatabase | undefined;
let stopping = false;

/**
 * SIGTERM, Ctrl-C (SIGINT) and SIGHUP drain the service, in this order: the HTTP server stops
 * accepting and waits for every request in flight (Nest closes it before its shutdown hooks), then
 * MikroORM closes the pool, and only then the embedded PostgreSQL stops. Exit code 0. Registered
 * before anything starts, so a signal during start-up also stops the database. A second signal
 * while draining changes nothing.
 */
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`${signal}: finishing in-flight requests, then closing the database pool\n`);
  Promise.resolve(app?.close())
    .then(() => embedded?.stop())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Shutdown failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        process.exit(1);
      },
    );
}

async function main(): Promise<void> {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
  const config = new AppConfig();
  const logger = new Logger('EmbeddedPostgres');
  if (!config.databaseUrl) embedded = await startEmbeddedPostgres(config.dataDir, { onRestart: (message) => logger.warn(message) });
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  // A key given by the environment is the operator's secret: it is used, never printed.
  const generatedKey = !config.bootstrapApiKey && embedded ? config.secretInDataDir('bootstrap-api-key', () => `sk_${randomSecret()}`) : undefined;
  const bootstrapKey = config.bootstrapApiKey ?? generatedKey;

  app = await createApp(config, databaseUrl, { bootstrapKey });
  if (stopping) return;
  if (config.demoData) await loadDemoDataIfEmpty(config, databaseUrl, (line) => process.stdout.write(`${line}\n`));
  await app.listen(config.port);
  const baseUrl = `http://localhost:${config.port}`;

  const lines = [
    `Healthcare Business API listening on ${baseUrl}`,
    `  API docs:  ${baseUrl}/docs`,
    `  Database:  ${embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL'}`,
  ];
  if (generatedKey) lines.push(`  API key:   ${generatedKey}   (platform scope; kept in ${config.dataDir}/bootstrap-api-key)`);
  const requests = config.demoData ? await demoRequests(databaseUrl, baseUrl, generatedKey) : [];
  if (requests.length) lines.push('', 'Try:', ...requests.map((request) => `  ${request}`));
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

function randomSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(30))).toString('base64url');
}

main().catch(async (error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
});
