import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { MikroORM } from '@mikro-orm/postgresql';
import { AppConfig } from '@app/shared';
import { cardVaultFor } from '@app/wallet';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../database/embedded-postgres.js';
import { runMigrations } from '../database/migrate.js';
import { createOrmConfig } from '../database/orm-config.js';
import type { Scale } from './dataset.js';
import { DatabaseNotEmptyError, seedDatabase } from './seed.js';

const SCALES: Scale[] = ['small', 'demo', 'bench'];

/** `npm run seed -- --scale demo|bench [--seed N] [--force]` */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { scale: { type: 'string', default: 'demo' }, seed: { type: 'string', default: '42' }, force: { type: 'boolean', default: false } },
  });
  const scale = values.scale as Scale;
  const seed = Number(values.seed);
  if (!SCALES.includes(scale)) throw new Error(`--scale must be one of ${SCALES.join(', ')}`);
  if (!Number.isSafeInteger(seed)) throw new Error('--seed must be an integer');

  const config = new AppConfig();
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) embedded = await startEmbeddedPostgres(config.dataDir);
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  try {
    const orm = await MikroORM.init(createOrmConfig(databaseUrl));
    await runMigrations(orm);
    await orm.close();
    process.stdout.write(`Seeding scale "${scale}" with seed ${seed} into ${embedded ? `the embedded database in ${config.dataDir}` : 'DATABASE_URL'}\n`);
    const result = await seedDatabase({
      databaseUrl,
      scale,
      seed,
      anchor: startOfTodayUtc(),
      vault: cardVaultFor(config),
      force: values.force,
      progress: (line) => process.stdout.write(`${line}\n`),
    });
    process.stdout.write(`\nLoaded in ${result.seconds.toFixed(1)} s:\n`);
    for (const [table, count] of result.counts) process.stdout.write(`  ${table.padEnd(24)} ${count.toLocaleString('en-AU').padStart(10)}\n`);
  } catch (error) {
    if (error instanceof DatabaseNotEmptyError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 2;
    } else throw error;
  } finally {
    await embedded?.stop();
  }
}

export function startOfTodayUtc(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

main().catch((error: unknown) => {
  process.stderr.write(`Seeding failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
