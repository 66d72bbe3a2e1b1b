import pg from 'pg';

/**
 * Counts the SQL statements sent to PostgreSQL while `work` runs, by wrapping the driver's
 * `Client#query` (every pool connection is a `Client`). For tests that a list's statement count
 * does not grow with `limit`. `names[i]` is the prepared-statement name `statements[i]` went under,
 * `values[i]` its parameters.
 */
export async function countStatements(
  work: () => Promise<unknown>,
): Promise<{ statements: string[]; names: (string | undefined)[]; values: (unknown[] | undefined)[] }> {
  await untilJobsSettle();
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  const statements: string[] = [];
  const names: (string | undefined)[] = [];
  const values: (unknown[] | undefined)[] = [];
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [config, parameters] = args as [
      string | { text?: string; name?: string; values?: unknown[] } | undefined,
      unknown,
    ];
    statements.push(typeof config === 'string' ? config : String(config?.text ?? ''));
    names.push(typeof config === 'string' ? undefined : config?.name);
    values.push(
      typeof config === 'string' || !config?.values
        ? Array.isArray(parameters)
          ? (parameters as unknown[])
          : undefined
        : config.values,
    );
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    prototype.query = original;
  }
  return { statements, names, values };
}

/**
 * Waits (at most 10 s) until the test database's job engine has no job due or running: its handlers
 * (the emails of a booking made just before) share the app's pool, and their statements would be
 * counted as the work's. Jobs due later (reminders, webhook retries) do not run meanwhile.
 */
async function untilJobsSettle(): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    for (let tries = 0; tries < 200; tries++) {
      const { rows } = await client.query<{ due: number }>(
        `select count(*)::int as due from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()`,
      );
      if (rows[0].due === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    // A database whose job engine never started has no job table, so nothing to wait for.
    if ((error as { code?: string }).code !== '42P01') throw error;
  } finally {
    await client.end();
  }
}

/**
 * The statements of a request's own work, as `countStatements`, without the API key's: the key
 * cache looks a key up again (and records its use) once a minute, on whichever request comes then,
 * so comparing two requests' counts with them would fail when a minute turns between the two.
 */
export async function countRequestStatements(work: () => Promise<unknown>): Promise<{ statements: string[] }> {
  const { statements } = await countStatements(work);
  return { statements: statements.filter((statement) => !/\bapi_keys\b/.test(statement)) };
}
