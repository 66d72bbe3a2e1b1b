import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { MikroORM } from '@mikro-orm/postgresql';
import { AppConfig, ConfigurationError } from '@app/shared';
import { cardVaultFor } from '@app/wallet';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../database/embedded-postgres.js';
import { runMigrations } from '../database/migrate.js';
import { createOrmConfig } from '../database/orm-config.js';
import { parseAnchor, todayUtc } from './anchor.js';
import type { Scale } from './dataset.js';
import { DatabaseNotEmptyError, DEMO_SEED, seedDatabase } from './seed.js';

const SCALES: Scale[] = ['small', 'demo', 'bench', 'large'];

const USAGE = `Usage: npm run seed -- [--scale demo|bench|large] [--seed N] [--anchor YYYY-MM-DD] [--force]

  --scale   demo: 2 organisations, about 4,000 bookings (the default)
            bench: 20 organisations, about 500,000 bookings
            large: 100 organisations, about 2,500,000 bookings (five times bench)
  --seed    an integer from 0 to 4294967295 (default ${DEMO_SEED})
  --anchor  the day the data is built around, bookings running from 18 months before it
            to 6 months after (default: today, UTC)
  --force   replace the generated data of a database that is not empty; platform API keys stay

Scale, seed and anchor decide every id and row: run again with the same three to get the same data.`;

/** A mistake in the command line: told with the usage, not a stack trace. */
class UsageError extends Error {}

function parseCommand(): { scale: Scale; seed: number; anchor: string; force: boolean } | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        scale: { type: 'string', default: 'demo' },
        seed: { type: 'string', default: String(DEMO_SEED) },
        anchor: { type: 'string', default: todayUtc() },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  const scale = values.scale as Scale;
  if (!SCALES.includes(scale)) throw new UsageError(`--scale must be one of ${SCALES.join(', ')}`);
  // The generator is seeded with 32 bits: a larger number would silently repeat a smaller one's data.
  const seed = Number(values.seed);
  if (!/^\d+$/.test(values.seed) || seed > 0xffffffff)
    throw new UsageError('--seed must be an integer from 0 to 4294967295');
  if (!parseAnchor(values.anchor)) throw new UsageError('--anchor must be a calendar date, YYYY-MM-DD');
  return { scale, seed, anchor: values.anchor, force: values.force };
}

async function main(): Promise<void> {
  const command = parseCommand();
  if (command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const { scale, seed, anchor, force } = command;
  const config = new AppConfig();
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) embedded = await startEmbeddedPostgres(config.dataDir);
  // Migrations and a bulk load: straight to PostgreSQL, past PgBouncer when DATABASE_URL goes through one.
  const databaseUrl = config.databaseDirectUrl ?? embedded!.url;
  const target = config.databaseDirectUrl === config.databaseUrl ? 'DATABASE_URL' : 'DATABASE_DIRECT_URL';
  try {
    const orm = await MikroORM.init(createOrmConfig(databaseUrl));
    await runMigrations(orm);
    await orm.close();
    process.stdout.write(
      `Seeding scale "${scale}" with seed ${seed} and anchor ${anchor} into ${embedded ? `the embedded database in ${config.dataDir}` : target}\n`,
    );
    const result = await seedDatabase({
      databaseUrl,
      scale,
      seed,
      anchor,
      vault: cardVaultFor(config),
      force,
      progress: (line) => process.stdout.write(`${line}\n`),
    });
    process.stdout.write(`\nLoaded in ${result.seconds.toFixed(1)} s:\n`);
    for (const [table, count] of result.counts)
      process.stdout.write(`  ${table.padEnd(24)} ${count.toLocaleString('en-AU').padStart(10)}\n`);
    process.stdout.write(
      `\nThe same data again: npm run seed -- --scale ${scale} --seed ${seed} --anchor ${anchor} --force\n`,
    );
  } finally {
    await embedded?.stop();
  }
}

// Exit codes are set by process.exit, so a failure still ends the process while the embedded server stops.
main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (error instanceof ConfigurationError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
  }
  if (error instanceof DatabaseNotEmptyError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Seeding failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
