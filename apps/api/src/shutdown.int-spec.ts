import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { buildIfNeeded, root } from '../../../scripts/build-if-needed.mjs';
import { burnCpu } from '../../../test/support/cpu-burner.js';
import { freePort } from '../../../test/support/free-port.js';
import { type Outcome, send, type Target, waitFor } from '../../../test/support/load.js';

const IN_FLIGHT = 40;
const KEPT_ALIVE = 8;

/** The built service (`node dist/apps/api/src/main.js`) on its own embedded PostgreSQL, as production runs it. */
describe('SIGTERM under load', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  });

  function startService(
    command: string[],
    env: Record<string, string>,
  ): {
    child: ChildProcess;
    output: () => string;
    exited: Promise<{ code: number | null; signal: string | null; at: number }>;
  } {
    let output = '';
    const child = spawn(command[0], command.slice(1), {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', NODE_OPTIONS: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    cleanups.push(() => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    });
    return { child, output: () => output, exited };
  }

  function dataDirectory(): string {
    const directory = mkdtempSync(join(tmpdir(), 'shutdown-'));
    cleanups.push(() => {
      const postmaster = postmasterPid(directory);
      if (postmaster && isAlive(postmaster)) process.kill(postmaster, 'SIGKILL');
      rmSync(directory, { recursive: true, force: true });
    });
    return directory;
  }

  it('under load, answers what it was sent before the signal, refuses new connections, closes the pool, stops PostgreSQL and exits 0', async () => {
    buildIfNeeded();
    const directory = dataDirectory();
    const port = await freePort();
    const key = `sk_shutdown_${randomBytes(16).toString('hex')}`;
    const service = startService([process.execPath, 'dist/apps/api/src/main.js'], {
      DATA_DIR: directory,
      PORT: String(port),
      BOOTSTRAP_API_KEY: key,
      LOG_LEVEL: 'warn',
    });
    await started(service);
    const headers = { authorization: `Bearer ${key}` };
    const firstOrganisation: Target = { port, headers, path: () => '/v1/organisations?limit=1' };
    const organisations = await send(firstOrganisation);
    const organisationId = (JSON.parse(organisations.body) as { items: Array<{ id: string }> }).items[0].id;
    const bookings: Target = {
      port,
      headers,
      path: () =>
        `/v1/organisations/${organisationId}/bookings?limit=200&expand=cancellationPolicy,latestTransaction,paymentMethod`,
    };
    const newOrganisation: Target = {
      port,
      headers,
      method: 'POST',
      path: () => '/v1/organisations',
      body: () => ({ name: `Shutdown Clinic ${randomBytes(4).toString('hex')}` }),
    };
    const postmaster = postmasterPid(directory)!;
    // Every core busy until the end, as in a full test run on a small machine: the service's event
    // loop turns slowly, so connections wait in the kernel's queues when the signal comes.
    const burner = burnCpu(180_000);
    cleanups.push(() => burner.stop());

    // Kept-alive connections that have answered one request: half send their next one right before the signal, half stay idle.
    const keptAlive = await Promise.all(
      Array.from({ length: KEPT_ALIVE }, async () => {
        const connection = keptAliveConnection();
        cleanups.push(() => connection.agent.destroy());
        expect((await connection.send(firstOrganisation).answered).status).toBe(200);
        return connection;
      }),
    );
    const requests: Promise<Outcome>[] = Array.from({ length: IN_FLIGHT }, (_, index) =>
      send(index % 4 === 0 ? newOrganisation : bookings),
    );
    // The signal goes as the first answer arrives: the service is serving, and the others are still in flight
    // (a fixed wait let a fast machine answer all of them first).
    await Promise.race(requests);
    const sentBefore = keptAlive.slice(0, KEPT_ALIVE / 2).map((connection) => connection.send(bookings));
    await Promise.all(sentBefore.map((request) => request.written));
    const signalledAt = Date.now();
    process.kill(service.child.pid!, 'SIGTERM');
    // New connections after the signal, one after another until one is refused.
    const late: Array<number | string> = [];
    for (let attempt = 0; attempt < 500 && late.at(-1) !== 'ECONNREFUSED'; attempt++)
      late.push((await send(firstOrganisation)).status);
    const outcomes = await Promise.all(requests);
    const keptAliveAnswers = await Promise.all(sentBefore.map((request) => request.answered));
    const exit = await service.exited;

    const inFlight = outcomes.filter((outcome) => outcome.endedAt > signalledAt);
    const failed = outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 201);
    process.stdout.write(
      `SIGTERM with every core busy: ${IN_FLIGHT} requests sent, ${inFlight.length} still in flight at the signal, ${failed.length} failed; ` +
        `${keptAliveAnswers.length} sent on kept-alive connections just before it, ${keptAliveAnswers.filter((answer) => answer.status !== 200).length} failed; ` +
        `${late.length} new connections after it (${late.filter((status) => status === 200).length} answered); exit code ${exit.code}, ` +
        `last answer ${Math.max(...outcomes.map((outcome) => outcome.endedAt)) - signalledAt} ms and exit ${exit.at - signalledAt} ms after the signal\n`,
    );
    expect(failed.map((o) => [o.status, o.startedAt - signalledAt, o.endedAt - signalledAt])).toEqual([]);
    expect(inFlight.length).toBeGreaterThan(0);
    for (const outcome of outcomes) {
      if (outcome.status === 201) expect((JSON.parse(outcome.body) as { id: string }).id).toMatch(/^org_/);
      else
        expect({
          status: outcome.status,
          bookings: ((JSON.parse(outcome.body) as { items?: unknown[] }).items?.length ?? 0) > 0,
        }).toEqual({
          status: 200,
          bookings: true,
        });
    }
    // A request that reached a kept-alive connection is answered, and told that the connection closes.
    expect(keptAliveAnswers).toEqual(sentBefore.map(() => ({ status: 200, connection: 'close' })));
    // Idle kept-alive connections are closed by the service, not reset.
    expect(keptAlive.map((connection) => connection.ended())).toEqual(keptAlive.map(() => 'closed'));
    // A new connection is answered while the service still accepts, then refused: never reset.
    expect(late.filter((status) => status !== 200)).toEqual(['ECONNREFUSED']);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(isAlive(postmaster)).toBe(false);
    expect(existsSync(join(directory, 'pg', 'postmaster.pid'))).toBe(false);
    // A key given by the environment is never printed.
    expect(service.output()).not.toContain(key);
  }, 240_000);

  it.each([
    ['SIGTERM to npm', (npm: ChildProcess) => process.kill(npm.pid!, 'SIGTERM')],
    [
      'Ctrl-C in the terminal (SIGINT to the foreground process group)',
      (npm: ChildProcess) => process.kill(-npm.pid!, 'SIGINT'),
    ],
  ])(
    'npm start: %s stops the service and its PostgreSQL, leaving nothing running',
    async (_, signal) => {
      const directory = dataDirectory();
      const port = await freePort();
      const service = startService(['npm', 'start'], {
        DATA_DIR: directory,
        PORT: String(port),
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
      });
      await started(service);
      const postmaster = postmasterPid(directory)!;
      const generatedKey = readFileSync(join(directory, 'bootstrap-api-key'), 'utf8').trim();

      signal(service.child);
      await waitFor(() => !isAlive(postmaster), 30_000, 'PostgreSQL to stop');
      await waitFor(() => !processesUsing(directory).length, 30_000, 'every process of the service to end');

      // A key the service generated is printed once, with where it is kept.
      expect(service.output()).toContain(
        `API key:   ${generatedKey}   (platform scope; kept in ${directory}/bootstrap-api-key)`,
      );
    },
    240_000,
  );
});

async function started(service: { child: ChildProcess; output: () => string }): Promise<void> {
  await waitFor(
    () => service.output().includes('listening on') || service.child.exitCode !== null,
    180_000,
    'the service to start',
  );
  if (service.child.exitCode !== null) throw new Error(`The service did not start:\n${service.output()}`);
}

function postmasterPid(directory: string): number | undefined {
  const file = join(directory, 'pg', 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Processes whose command line or environment names the data folder (the service and its PostgreSQL). */
function processesUsing(directory: string): number[] {
  return readdirPids().filter((pid) => {
    try {
      return (
        readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(directory) ||
        readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`DATA_DIR=${directory}`)
      );
    } catch {
      return false;
    }
  });
}

function readdirPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/**
 * One kept-alive connection, as a client's connection pool holds it: each request goes on the same
 * socket. `written` settles once a request's bytes are in the kernel, on their way to the service;
 * `ended()` says how the connection ended: closed by the service, reset, or still open.
 */
function keptAliveConnection(): {
  agent: Agent;
  send(target: Target): { written: Promise<void>; answered: Promise<{ status: number | string; connection?: string }> };
  ended(): string;
} {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const watched = new WeakSet<Socket>();
  let ended = 'open';
  return {
    agent,
    send({ port, path, headers = {} }) {
      let written!: () => void;
      const writtenPromise = new Promise<void>((resolve) => (written = resolve));
      const answered = new Promise<{ status: number | string; connection?: string }>((resolve) => {
        const request = httpRequest({ host: '127.0.0.1', port, path: path(), agent, headers }, (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
          );
        });
        request.on('socket', (socket) => {
          if (watched.has(socket)) return;
          watched.add(socket);
          socket.on('error', (error: NodeJS.ErrnoException) => (ended = error.code ?? error.message));
          socket.on('close', () => ended === 'open' && (ended = 'closed'));
        });
        request.on('finish', written);
        request.on('error', (error: NodeJS.ErrnoException) => {
          written();
          resolve({ status: error.code ?? error.message });
        });
        request.end();
      });
      return { written: writtenPromise, answered };
    },
    ended: () => ended,
  };
}
