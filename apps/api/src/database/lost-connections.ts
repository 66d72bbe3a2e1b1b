import type { Pool, PoolClient } from 'pg';

/** Longer than any code path takes to hand back a connection after a statement on it failed. */
const GRACE_MS = 2_000;

/**
 * Gives the pool back the connections that the database dropped while a transaction held them.
 *
 * Kysely (under MikroORM 7) releases a transaction's connection only after `BEGIN`, `COMMIT` or
 * `ROLLBACK` succeeds. When the server dies mid-transaction all three fail, so the connection is
 * never released: the pool counts it as in use for ever, and after ten such losses (the pool's
 * size) every request would wait for a connection and fail, long after the database is back.
 * Measured: one outage under four writers left one of five connections held.
 *
 * So a checked-out connection whose socket has ended and that is still held a moment later is
 * released with an error, which makes the pool discard it and open a fresh one when needed.
 */
export function reclaimLostConnections(pool: Pool): void {
  const checkedOut = new Set<PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('remove', (client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.once('end', () => {
      setTimeout(() => {
        if (!checkedOut.delete(client)) return;
        client.release(new Error('The database closed this connection while a transaction held it'));
      }, GRACE_MS).unref();
    });
  });
}
