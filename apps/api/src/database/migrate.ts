import type { IMigrator } from '@mikro-orm/core';
import { type EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from './orm-config.js';

// Any fixed number: one lock id shared by every instance that migrates this database.
const MIGRATION_LOCK = 7_261_122;

type Migratable = { em: EntityManager; migrator: IMigrator };

/**
 * Applies pending migrations under a PostgreSQL advisory lock, so instances (or test workers)
 * starting at once migrate one after another instead of racing. Returns the names applied.
 */
export async function runMigrations(orm: Migratable): Promise<string[]> {
  return orm.em.fork().transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
    return (await orm.migrator.up()).map((migration) => migration.name);
  });
}

/**
 * Migrates at start-up over the direct connection (`DATABASE_DIRECT_URL`): schema changes may set
 * session state (`set session_replication_role`) that PgBouncer in transaction mode would leak to
 * another client's transaction. A pool of its own, closed afterwards, only when that URL is not the
 * app pool's.
 */
export async function migrateAtStartUp(orm: Migratable, poolUrl: string, directUrl: string): Promise<string[]> {
  if (directUrl === poolUrl) return runMigrations(orm);
  const direct = await MikroORM.init(createOrmConfig(directUrl));
  try {
    return await runMigrations(direct);
  } finally {
    await direct.close();
  }
}
