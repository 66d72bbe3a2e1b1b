import pg from 'pg';

/**
 * Counts the SQL statements sent to PostgreSQL while `work` runs, by wrapping the driver's
 * `Client#query` (every pool connection is a `Client`). For tests that a list's statement count
 * does not grow with `limit`.
 */
export async function countStatements(work: () => Promise<unknown>): Promise<{ statements: string[] }> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  const statements: string[] = [];
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [config] = args;
    statements.push(typeof config === 'string' ? config : String((config as { text?: string })?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    prototype.query = original;
  }
  return { statements };
}
