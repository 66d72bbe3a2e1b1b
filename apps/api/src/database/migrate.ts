import type { IMigrator } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

// Any fixed number: one lock id shared by every instance that migrates this database.
const MIGRATION_LOCK = 7_261_122;

/**
 * Applies pending migrations under a PostgreSQL advisory lock, so instances (or test workers)
 * starting at once migrate one after another instead of racing. Returns the names applied.
 */
export async function runMigrations(orm: { em: EntityManager; migrator: IMigrator }): Promise<string[]> {
  return orm.em.fork().transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
    return (await orm.migrator.up()).map((migration) => migration.name);
  });
}
