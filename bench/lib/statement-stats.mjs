// PostgreSQL's time per statement, split into planning and execution, from pg_stat_statements
// (PG_STAT_STATEMENTS=1). The library must be preloaded, which takes a server start: on the
// embedded database the harness sets it with ALTER SYSTEM, restarts, and resets it on the way out
// (a run that died before resetting is repaired by the next run's start, see `preloadDrift`).
// Times are wall time inside PostgreSQL (waiting for a core included), not CPU.

import pg from 'pg';

const LIBRARY = 'pg_stat_statements';

/** What the server runs with now. */
async function preloaded(pool) {
  const { rows } = await pool.query(`select current_setting('shared_preload_libraries') as libraries`);
  return rows[0].libraries
    .split(',')
    .map((name) => name.trim())
    .includes(LIBRARY);
}

/** Whether `shared_preload_libraries` in postgresql.auto.conf (ALTER SYSTEM) names the library. */
async function configured(pool) {
  const { rows } = await pool.query(
    `select setting from pg_file_settings where name = 'shared_preload_libraries' and sourcefile like '%postgresql.auto.conf' order by seqno desc limit 1`,
  );
  return rows.length > 0 && rows[0].setting.split(',').some((name) => name.trim() === LIBRARY);
}

/**
 * What must change before the run, on the embedded database: 'enable' (wanted, not loaded),
 * 'disable' (not wanted, left configured by a run that died), or null.
 */
export async function preloadDrift(pool, wanted) {
  if (wanted) return (await preloaded(pool)) ? null : 'enable';
  return (await configured(pool)) ? 'disable' : null;
}

/** Writes (or removes) the preload in postgresql.auto.conf; takes effect at the next server start. */
export async function configurePreload(pool, enable) {
  if (enable) {
    await pool.query(`alter system set shared_preload_libraries = '${LIBRARY}'`);
    await pool.query(`alter system set ${LIBRARY}.track_planning = on`);
  } else {
    await pool.query('alter system reset shared_preload_libraries');
    await pool.query(`alter system reset ${LIBRARY}.track_planning`);
  }
}

/** Drops the extension a run that died left behind (in the `postgres` database of the embedded server). */
export async function dropStatementStats(client) {
  await client.query(`drop extension if exists ${LIBRARY}`);
}

/**
 * The extension and a reset/read pair around each measured window, on its own connection to
 * `url`. On the embedded server that is the `postgres` maintenance database, so the bench
 * database's schema never changes; the view reports every database, filtered to `database`.
 * `close` drops the extension when `dropOnClose` (the embedded server) or when it created it.
 * Fails when the library is not loaded (an external DATABASE_URL without it).
 */
export async function openStatementStats({ url, database, dropOnClose }) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    if (!(await preloaded(client))) {
      throw new Error(
        `PG_STAT_STATEMENTS=1 needs ${LIBRARY} in shared_preload_libraries; the harness sets it on the embedded database only`,
      );
    }
    const { rowCount: existed } = await client.query(`select 1 from pg_extension where extname = $1`, [LIBRARY]);
    if (!existed) await client.query(`create extension ${LIBRARY}`);
    const { rows } = await client.query(`select current_setting('${LIBRARY}.track_planning') as planning`);
    return {
      tracksPlanning: rows[0].planning === 'on',
      reset: async () => {
        await client.query(`select ${LIBRARY}_reset()`);
      },
      /** Every statement of `database` since the last reset, except the harness's own. */
      read: async () => {
        const { rows: statements } = await client.query(
          `select queryid::text as id, query, calls::float8 as calls, plans::float8 as plans,
                  total_plan_time as plan_ms, total_exec_time as exec_ms, rows::float8 as rows,
                  shared_blks_hit::float8 as hit, shared_blks_read::float8 as read
             from ${LIBRARY}
            where dbid = (select oid from pg_database where datname = $1)
              and query not like '%${LIBRARY}%' and calls > 0`,
          [database],
        );
        return statements.map((row) => ({
          id: row.id,
          query: row.query,
          calls: row.calls,
          plans: row.plans,
          planMs: row.plan_ms,
          execMs: row.exec_ms,
          rows: row.rows,
          sharedBlocksHit: row.hit,
          sharedBlocksRead: row.read,
        }));
      },
      close: async () => {
        try {
          if (dropOnClose || !existed) await dropStatementStats(client);
        } finally {
          await client.end();
        }
      },
    };
  } catch (error) {
    await client.end();
    throw error;
  }
}

/** Adds one window's statements to a scenario/target's running totals (keyed by query id). */
export function addStatements(totals, statements) {
  for (const statement of statements) {
    const total = totals[statement.id];
    if (!total) {
      totals[statement.id] = { ...statement };
      continue;
    }
    for (const key of ['calls', 'plans', 'planMs', 'execMs', 'rows', 'sharedBlocksHit', 'sharedBlocksRead'])
      total[key] += statement[key];
  }
  return totals;
}

const micros = (ms, count) => (count ? Number(((ms * 1000) / count).toFixed(1)) : null);

/**
 * Per statement and per request: calls, planning and execution µs. Statements below one call in a
 * hundred requests (autovacuum's, the pool's own) are left out of the per-request sums but kept
 * in `statements`.
 */
export function statementCosts(totals, requests) {
  const statements = Object.values(totals)
    .map((statement) => ({
      query: statement.query.replace(/\s+/g, ' ').trim(),
      callsPerRequest: Number((statement.calls / requests).toFixed(3)),
      planMicrosPerCall: micros(statement.planMs, statement.plans),
      execMicrosPerCall: micros(statement.execMs, statement.calls),
      planMicrosPerRequest: micros(statement.planMs, requests),
      execMicrosPerRequest: micros(statement.execMs, requests),
      rowsPerCall: statement.calls ? Number((statement.rows / statement.calls).toFixed(1)) : null,
      sharedBlocksPerCall: statement.calls
        ? Number(((statement.sharedBlocksHit + statement.sharedBlocksRead) / statement.calls).toFixed(1))
        : null,
      sharedBlocksReadPerCall: statement.calls
        ? Number((statement.sharedBlocksRead / statement.calls).toFixed(2))
        : null,
    }))
    .sort(
      (a, b) => b.planMicrosPerRequest + b.execMicrosPerRequest - (a.planMicrosPerRequest + a.execMicrosPerRequest),
    );
  const perRequest = statements.filter((statement) => statement.callsPerRequest >= 0.01);
  const sum = (key) => Number(perRequest.reduce((total, statement) => total + (statement[key] ?? 0), 0).toFixed(1));
  return {
    requests,
    statementsPerRequest: Number(
      perRequest.reduce((total, statement) => total + statement.callsPerRequest, 0).toFixed(2),
    ),
    planMicrosPerRequest: sum('planMicrosPerRequest'),
    execMicrosPerRequest: sum('execMicrosPerRequest'),
    statements,
  };
}
