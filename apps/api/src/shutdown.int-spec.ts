import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { buildIfNeeded, root } from '../../../scripts/build-if-needed.mjs';
import { freePort } from '../../../test/support/free-port.js';
import { type Outcome, send, type Target, waitFor } from '../../../test/support/load.js';

const IN_FLIGHT = 40;

/** The built service (`node dist/apps/api/src/main.js`) on its own embedded PostgreSQL, as production runs it. */
describe('SIGTERM under load', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  });

  function startService(
    command: string[],
    env: Record<string, string>,
  ): { child: ChildProcess; output: () => string; exited: Promise<{ code: number | null; signal: string | null; at: number }> } {
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

  it('answers every request in flight, closes the pool, stops PostgreSQL and exits 0', async () => {
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
    const organisations = await send({ port, headers, path: () => '/v1/organisations?limit=1' });
    const organisationId = (JSON.parse(organisations.body) as { items: Array<{ id: string }> }).items[0].id;
    const bookings: Target = {
      port,
      headers,
      path: () => `/v1/organisations/${organisationId}/bookings?limit=200&expand=cancellationPolicy,latestTransaction,paymentMethod`,
    };
    const newOrganisation: Target = {
      port,
      headers,
      method: 'POST',
      path: () => '/v1/organisations',
      body: () => ({ name: `Shutdown Clinic ${randomBytes(4).toString('hex')}` }),
    };
    const postmaster = postmasterPid(directory)!;

    const requests: Promise<Outcome>[] = Array.from({ length: IN_FLIGHT }, (_, index) => send(index % 4 === 0 ? newOrganisation : bookings));
    // The signal goes as the first answer arrives: the service is serving, and the others are still in flight
    // (a fixed wait let a fast machine answer all of them first).
    await Promise.race(requests);
    const signalledAt = Date.now();
    process.kill(service.child.pid!, 'SIGTERM');
    const outcomes = await Promise.all(requests);
    const exit = await service.exited;

    const inFlight = outcomes.filter((outcome) => outcome.endedAt > signalledAt);
    process.stdout.write(
      `SIGTERM: ${IN_FLIGHT} requests sent, ${inFlight.length} still in flight at the signal, ` +
        `${outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 201).length} failed, exit code ${exit.code}, ` +
        `last answer ${Math.max(...outcomes.map((outcome) => outcome.endedAt)) - signalledAt} ms and exit ${exit.at - signalledAt} ms after the signal\n`,
    );
    expect(
      outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 201).map((o) => [o.status, o.startedAt - signalledAt, o.endedAt - signalledAt]),
    ).toEqual([]);
    expect(inFlight.length).toBeGreaterThan(0);
    for (const outcome of outcomes) {
      if (outcome.status === 201) expect((JSON.parse(outcome.body) as { id: string }).id).toMatch(/^org_/);
      else
        expect({ status: outcome.status, bookings: ((JSON.parse(outcome.body) as { items?: unknown[] }).items?.length ?? 0) > 0 }).toEqual({
          status: 200,
          bookings: true,
        });
    }
    expect((await send(bookings)).status).toBe('ECONNREFUSED');
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(isAlive(postmaster)).toBe(false);
    expect(existsSync(join(directory, 'pg', 'postmaster.pid'))).toBe(false);
    // A key given by the environment is never printed.
    expect(service.output()).not.toContain(key);
  }, 240_000);

  it.each([
    ['SIGTERM to npm', (npm: ChildProcess) => process.kill(npm.pid!, 'SIGTERM')],
    ['Ctrl-C in the terminal (SIGINT to the foreground process group)', (npm: ChildProcess) => process.kill(-npm.pid!, 'SIGINT')],
  ])(
    'npm start: %s stops the service and its PostgreSQL, leaving nothing running',
    async (_, signal) => {
      const directory = dataDirectory();
      const port = await freePort();
      const service = startService(['npm', 'start'], { DATA_DIR: directory, PORT: String(port), DEMO_DATA: 'false', LOG_LEVEL: 'warn' });
      await started(service);
      const postmaster = postmasterPid(directory)!;
      const generatedKey = readFileSync(join(directory, 'bootstrap-api-key'), 'utf8').trim();

      signal(service.child);
      await waitFor(() => !isAlive(postmaster), 30_000, 'PostgreSQL to stop');
      await waitFor(() => !processesUsing(directory).length, 30_000, 'every process of the service to end');

      // A key the service generated is printed once, with where it is kept.
      expect(service.output()).toContain(`API key:   ${generatedKey}   (platform scope; kept in ${directory}/bootstrap-api-key)`);
    },
    240_000,
  );
});

async function started(service: { child: ChildProcess; output: () => string }): Promise<void> {
  await waitFor(() => service.output().includes('listening on') || service.child.exitCode !== null, 180_000, 'the service to start');
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
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(directory) || readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`DATA_DIR=${directory}`);
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
