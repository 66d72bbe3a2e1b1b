import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';

// Debian's PgBouncer (1.18 on this machine), as production runs it in front of PostgreSQL.

const PGBOUNCER = '/usr/sbin/pgbouncer';
/** The database name clients ask PgBouncer for; it maps it to the real one. */
const ALIAS = 'healthcare';

export interface PgBouncer {
  /** The service's `DATABASE_URL` through PgBouncer. */
  url: string;
  /** Server connections PgBouncer opens to PostgreSQL, at most. */
  poolSize: number;
  /** A row of PgBouncer's admin console (`show pools`, `show stats`) for the proxied database. */
  show(what: 'pools' | 'stats'): Promise<Record<string, string>>;
  /** Client connections PgBouncer holds, by `application_name`. */
  clients(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction mode on a free loopback port in front of `databaseUrl`, with at most
 * `poolSize` server connections. It takes any client (`auth_type = any`) and logs in to PostgreSQL
 * with the user and password of `databaseUrl`, which suits the machine's trusting server and the
 * embedded one's password alike. It refuses to run as root, so under root it runs as `nobody`.
 * `tests` names them in the message that says how to install PgBouncer when it is missing.
 */
export async function startPgBouncer(tests: string, databaseUrl: string, poolSize: number): Promise<PgBouncer> {
  if (!existsSync(PGBOUNCER)) {
    throw new Error(
      `${tests} need PgBouncer at ${PGBOUNCER}. Install it with: apt-get update && apt-get install -y pgbouncer  (npm test does this when it may)`,
    );
  }
  const target = new URL(databaseUrl);
  const user = decodeURIComponent(target.username) || 'postgres';
  const password = decodeURIComponent(target.password);
  const port = await freePort();
  const directory = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
  const ini = join(directory, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `${ALIAS} = host=${target.hostname} port=${target.port || 5432} dbname='${decodeURIComponent(target.pathname.slice(1))}' user='${user}'${password ? ` password='${password}'` : ''}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      `admin_users = ${user}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      '',
    ].join('\n'),
  );
  const runAs = process.getuid?.() === 0 ? ['-u', 'nobody'] : [];
  const bouncer = spawn(PGBOUNCER, [...runAs, ini], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  bouncer.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `postgresql://${encodeURIComponent(user)}@127.0.0.1:${port}/${ALIAS}`;
  const adminUrl = `postgresql://${encodeURIComponent(user)}@127.0.0.1:${port}/pgbouncer`;
  try {
    await untilReady(bouncer, url, () => log);
  } catch (error) {
    await stopProcess(bouncer);
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }

  /** The admin console speaks only the simple query protocol: `query` with no parameters sends that. */
  async function admin(statement: string): Promise<Record<string, string>[]> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return (await client.query<Record<string, string>>(statement)).rows;
    } finally {
      await client.end();
    }
  }

  return {
    url,
    poolSize,
    show: async (what) => (await admin(`show ${what}`)).find((row) => row.database === ALIAS) ?? {},
    clients: async () =>
      (await admin('show clients')).filter((row) => row.database === ALIAS).map((row) => row.application_name),
    async stop() {
      await stopProcess(bouncer);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Until a query goes through PgBouncer; fails with its log when it exits or does not answer. */
async function untilReady(bouncer: ChildProcess, url: string, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (bouncer.exitCode !== null) throw new Error(`PgBouncer exited with code ${bouncer.exitCode}:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`PgBouncer did not answer within 10 s:\n${log()}`, { cause: error });
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM: PgBouncer's immediate shutdown. */
async function stopProcess(bouncer: ChildProcess): Promise<void> {
  if (bouncer.exitCode !== null || bouncer.signalCode !== null) return;
  const exited = new Promise((resolve) => bouncer.once('exit', resolve));
  bouncer.kill('SIGTERM');
  await exited;
}
