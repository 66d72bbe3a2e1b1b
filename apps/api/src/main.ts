import 'reflect-metadata';
import { AppConfig, ConfigurationError } from '@app/shared';
import { createApp } from './app.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres.js';
import { demoRequests, loadDemoDataIfEmpty } from './demo-data/demo-data.js';

async function main(): Promise<void> {
  const config = new AppConfig();
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) embedded = await startEmbeddedPostgres(config.dataDir);
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const bootstrapKey = config.bootstrapApiKey ?? (embedded ? config.secretInDataDir('bootstrap-api-key', () => `sk_${randomSecret()}`) : undefined);

  const app = await createApp(config, databaseUrl, { bootstrapKey });
  const demoLoaded = config.demoData ? await loadDemoDataIfEmpty(config, databaseUrl) : undefined;
  await app.listen(config.port);
  const baseUrl = `http://localhost:${config.port}`;

  // At most 15 lines from `npm start` on a fresh clone, npm's and the build's included: no blank lines.
  const database = embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL';
  const lines = [
    `Healthcare Business API listening on ${baseUrl}`,
    `  API docs:  ${baseUrl}/docs   (OpenAPI document: ${baseUrl}/docs/openapi.json)`,
    `  Database:  ${[database, demoLoaded].filter(Boolean).join('; ')}`,
  ];
  if (embedded && bootstrapKey) lines.push(`  API key:   ${bootstrapKey}   (platform scope; kept in ${config.dataDir}/bootstrap-api-key)`);
  const requests = config.demoData ? await demoRequests(databaseUrl, baseUrl, embedded ? bootstrapKey : undefined) : [];
  lines.push(...requests.map((request, index) => `  ${index === 0 ? 'Try:      ' : '          '} ${request}`));
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: finishing in-flight requests, then closing the database pool\n`);
    await app.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

function randomSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(30))).toString('base64url');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigurationError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
