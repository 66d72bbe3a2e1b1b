import 'reflect-metadata';
import { AppConfig } from '@app/shared';
import { createApp } from './app.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres.js';
import { bookingPageUrl, demoRequests, loadDemoDataIfEmpty } from './demo-data/demo-data.js';

async function main(): Promise<void> {
  const config = new AppConfig();
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) embedded = await startEmbeddedPostgres(config.dataDir);
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const bootstrapKey = config.bootstrapApiKey ?? (embedded ? config.secretInDataDir('bootstrap-api-key', () => `sk_${randomSecret()}`) : undefined);

  const app = await createApp(config, databaseUrl, { bootstrapKey });
  if (config.demoData) await loadDemoDataIfEmpty(config, databaseUrl, (line) => process.stdout.write(`${line}\n`));
  await app.listen(config.port);
  const baseUrl = `http://localhost:${config.port}`;

  const lines = [
    `Healthcare Business API listening on ${baseUrl}`,
    `  API docs:  ${baseUrl}/docs`,
    `  Database:  ${embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL'}`,
  ];
  const bookingPage = await bookingPageUrl(databaseUrl, baseUrl);
  if (bookingPage) lines.splice(2, 0, `  Booking:   ${bookingPage}   (the patients' booking page)`);
  if (embedded && bootstrapKey) lines.push(`  API key:   ${bootstrapKey}   (platform scope; kept in ${config.dataDir}/bootstrap-api-key)`);
  const requests = config.demoData ? await demoRequests(databaseUrl, baseUrl, embedded ? bootstrapKey : undefined) : [];
  if (requests.length) lines.push('', 'Try:', ...requests.map((request) => `  ${request}`));
  process.stdout.write(`\n${lines.join('\n')}\n\n`);

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
  process.stderr.write(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
