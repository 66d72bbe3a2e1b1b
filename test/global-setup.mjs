// One fresh database for the whole test run: on TEST_DATABASE_URL's server when it is set,
// otherwise on an embedded PostgreSQL, so the tests pass on a machine with no server at all. Redis
// likewise: TEST_REDIS_URL's when set, otherwise one of the run's own.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const REDIS_SERVER = '/usr/bin/redis-server';

export default async function globalSetup() {
  if (!process.env.TEST_REDIS_URL) globalThis.__testRedis = await startRedis();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const url = new URL(serverUrl);
    const database = `healthcare_test_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    await admin.end();
    url.pathname = `/${database}`;
    process.env.DATABASE_URL = url.toString();
    globalThis.__testDatabase = {
      async drop() {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`drop database if exists "${database}" with (force)`);
        await client.end();
      },
    };
    return;
  }
  // Node strips the types of this TypeScript file itself; Jest does not transform global set-up.
  const { startEmbeddedPostgres } = await import('../apps/api/src/database/embedded-postgres.ts');
  const directory = mkdtempSync(join(tmpdir(), 'healthcare-test-'));
  const embedded = await startEmbeddedPostgres(directory, { database: 'healthcare_test' });
  process.env.DATABASE_URL = embedded.url;
  globalThis.__testDatabase = { directory, drop: () => embedded.stop() };
}

/**
 * Debian's redis-server on a free loopback port, keeping nothing on disk, for the tests that share
 * state between instances through Redis; its URL goes to the tests as TEST_REDIS_URL.
 */
async function startRedis() {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(
      `The tests need Redis at ${REDIS_SERVER}: run them with \`npm test\`, which installs it, or set TEST_REDIS_URL`,
    );
  }
  const { freePort } = await import('./support/free-port.ts');
  const port = await freePort();
  // Redis keeps the real clock in a run whose clock is moved (`npm run test:at`): libfaketime and its allocator do not start together.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'LD_PRELOAD'));
  const server = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    },
  );
  let log = '';
  for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => (log += chunk.toString()));
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };
  // A run that ends without its teardown (an interrupted Jest) does not leave the server behind.
  process.once('exit', () => server.kill('SIGKILL'));
  const deadline = Date.now() + 10_000;
  while (!(await answersPing(port))) {
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not start on port ${port}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.env.TEST_REDIS_URL = `redis://127.0.0.1:${port}`;
  return { stop };
}

/** Whether a Redis on `port` answers PING. */
function answersPing(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.setTimeout(1_000);
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    for (const event of ['error', 'timeout']) socket.once(event, () => (socket.destroy(), resolve(false)));
  });
}
