/**
 * Where a connection that needs a session of its own goes: `LISTEN`, the job engine's pool (its
 * `LISTEN` and locks) and migrations. `DATABASE_DIRECT_URL`, which bypasses a pooler in
 * transaction mode (PgBouncer) that the ORM's pool may go through; the pool's own URL when unset.
 */
export class DirectDatabaseUrl {
  constructor(readonly url: string) {}
}
