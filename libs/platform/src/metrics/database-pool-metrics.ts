import type { MikroORM } from '@mikro-orm/postgresql';
import type { MetricsRegistry } from '@app/shared';

/**
 * The connection pool under MikroORM (a `pg` Pool), read at each scrape: connections in use, idle,
 * the most it may open, and requests waiting for one. Waiting above zero for long means the pool
 * (or PostgreSQL behind it) is the bottleneck.
 */
export function registerDatabasePoolMetrics(metrics: MetricsRegistry, orm: MikroORM): void {
  const pool = async () => orm.em.getConnection().getNativeClient();
  metrics.gauge({
    name: 'db_pool_connections',
    help: 'Connections of the database pool, by state',
    labelNames: ['state'] as const,
    async collect() {
      const { totalCount, idleCount } = await pool();
      this.set({ state: 'used' }, totalCount - idleCount);
      this.set({ state: 'idle' }, idleCount);
    },
  });
  metrics.gauge({
    name: 'db_pool_connections_max',
    help: 'Connections the database pool may open',
    async collect() {
      this.set((await pool()).options.max ?? 0);
    },
  });
  metrics.gauge({
    name: 'db_pool_waiting_requests',
    help: 'Requests waiting for a free database connection',
    async collect() {
      this.set((await pool()).waitingCount);
    },
  });
}
