import 'reflect-metadata';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from '@app/shared';
import { createApp } from './app.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres.js';
import { demoRequests, loadDemoDataIfEmpty } from './demo-data/demo-data.js';

let app: NestExpressApplication | undefined;
let embedded: EmbeddedDatabase | undefined;
let stopping = false;
/** Longer than an accepted connection takes to deliver its request. */
const IDLE_GRACE_MS = 2_000;
const QUIET_MS = 100;
const QUIET_WAIT_MS = 1_000;

/**
 * SIGTERM, Ctrl-C (SIGINT) and SIGHUP drain the service, in this order: the HTTP server stops
 * accepting and every request in flight gets its answer, then Nest's hooks run and MikroORM closes
 * the pool, and only then the embedded PostgreSQL stops. Exit code 0. The server is drained before
 * `app.close()` because Nest runs `onModuleDestroy` hooks before it closes the server. Registered
 * before anything starts, so a signal during start-up also stops the database. A second signal
 * while draining changes nothing.
 */
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`${signal}: finishing in-flight requests, then closing the database pool\n`);
  Promise.resolve(app && drain(app.getHttpServer()))
    .then(() => app?.close())
    .then(() => embedded?.stop())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Shutdown failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        process.exit(1);
      },
    );
}

/**
 * Stops accepting and waits for every connection to finish. Closing the listening socket resets
 * the connections the kernel has queued but the (busy) event loop has not accepted yet, though
 * their clients already sent a request; so it is closed once the loop has passed a poll phase
 * without a new connection for a moment (at most `QUIET_WAIT_MS` under steady arrivals). It is
 * closed the `net.Server` way: `http.Server.close` would also drop connections it counts as idle,
 * among them ones just accepted whose request is not read yet. Answers given while draining say
 * `Connection: close`, and keep-alive connections left idle are closed after a grace.
 */
async function drain(server: Server): Promise<void> {
  if (!server.listening) return;
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => response.setHeader('Connection', 'close'));
  let lastConnectionAt = Date.now();
  server.on('connection', () => (lastConnectionAt = Date.now()));
  const signalledAt = Date.now();
  do await new Promise((resolve) => setTimeout(() => setImmediate(resolve), QUIET_MS));
  while (Date.now() - lastConnectionAt < QUIET_MS && Date.now() - signalledAt < QUIET_WAIT_MS);
  const closed = new Promise((resolve) => NetServer.prototype.close.call(server, resolve));
  const sweeper = setTimeout(function sweep() {
    server.closeIdleConnections();
    sweeper.refresh();
  }, IDLE_GRACE_MS);
  await closed;
  clearTimeout(sweeper);
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
