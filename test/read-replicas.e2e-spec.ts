import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { type Body, createTenant, named, orgPath, type Tenant } from './support/fixtures.js';
import { startStreamingReplica, type StreamingReplica } from './support/streaming-replica.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// A real primary and a streaming replica, built from the machine's PostgreSQL binaries (or the
// embedded ones); the service is pointed at both with DATABASE_READ_URLS. Which server answered
// a read is told by pausing the replica's replay: a change made after that is on the primary only.
const SLOW = 300_000;
const POLL_DEADLINE_MS = 90_000;

let cluster: StreamingReplica | undefined;
let service: TestApp | undefined;
let tenant: Tenant;

const replicas = () => cluster!;
const app = () => service!;
const nameOf = async (auth: string): Promise<string> => {
  const response = await app().http().get(orgPath(tenant.id)).set('Authorization', auth);
  if (response.status !== 200) throw new Error(`GET organisation answered ${response.status}: ${response.text}`);
  return (response.body as Body).name as string;
};
const readiness = async (t: TestApp): Promise<Response> => t.http().get('/health/ready');
const replicaStateIn = (response: Response): string =>
  (response.body as Body).details.readReplicas.replicas[0].state as string;

/** Polls `probe` until `done` holds for its answer; fails with the last answer after `POLL_DEADLINE_MS`. */
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + POLL_DEADLINE_MS;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${POLL_DEADLINE_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  cluster = await startStreamingReplica();
  // A long lag window: the replica stays in use however slowly this test runs while its replay is paused.
  service = await createTestApp(
    { DATABASE_READ_URLS: cluster.replicaUrl, DATABASE_READ_MAX_LAG_SECONDS: '3600' },
    { databaseUrl: cluster.primaryUrl },
  );
  tenant = await createTenant(service, 'Replica Clinic');
  await cluster.caughtUp();
  // Current once the service has checked it after the last write.
  await until(
    () => readiness(app()),
    (response) => response.status === 200 && replicaStateIn(response) === 'current',
  );
}, SLOW);

afterAll(async () => {
  await service?.close();
  await cluster?.close();
}, SLOW);

/** Runs `work` with the replica's replay paused, and resumes it whatever happens. */
async function whileReplayPaused(work: () => Promise<void>): Promise<void> {
  await replicas().query('replica', 'select pg_wal_replay_pause()');
  try {
    await until(
      () => replicas().query<{ state: string }>('replica', 'select pg_get_wal_replay_pause_state() as state'),
      ([{ state }]) => state === 'paused',
    );
    await work();
  } finally {
    await replicas().query('replica', 'select pg_wal_replay_resume()');
  }
}

const renameOnThePrimaryOnly = (name: string) =>
  replicas().query('primary', 'update organisations set name = $1 where id = $2', [name, tenant.id]);

describe('read replicas (DATABASE_READ_URLS)', () => {
  it(
    'serves a key’s reads from the replica, and a key’s own write back at once from the primary',
    async () => {
      const original = named('Replica Clinic');
      const written = named('Renamed by its own key');
      await whileReplayPaused(async () => {
        expect(await nameOf(app().platformAuth)).toBe(original);
        // Changed on the primary alone: a read that still sees the old name was answered by the replica.
        await renameOnThePrimaryOnly(named('Renamed on the primary'));
        expect(await nameOf(app().platformAuth)).toBe(original);
        expect(await nameOf(tenant.auth)).toBe(original);

        // The tenant's key writes through the API: it reads its change back at once, from the primary,
        // while the platform key, which did not write, is still answered by the paused replica.
        const patched = await app()
          .http()
          .patch(orgPath(tenant.id))
          .set('Authorization', tenant.auth)
          .send({ name: written });
        expect(patched.status).toBe(200);
        expect(await nameOf(tenant.auth)).toBe(written);
        expect(await nameOf(tenant.auth)).toBe(written);
        expect(await nameOf(app().platformAuth)).toBe(original);
      });

      // Replay resumed: the replica catches up and every key reads the change.
      await replicas().caughtUp();
      expect(
        await until(
          () => nameOf(app().platformAuth),
          (name) => name === written,
        ),
      ).toBe(written);
    },
    SLOW,
  );

  it(
    'reads from the primary when the replica lags further behind than DATABASE_READ_MAX_LAG_SECONDS',
    async () => {
      const impatient = await createTestApp(
        { DATABASE_READ_URLS: replicas().replicaUrl, DATABASE_READ_MAX_LAG_SECONDS: '1' },
        { databaseUrl: replicas().primaryUrl },
      );
      try {
        await until(
          () => readiness(impatient),
          (response) => response.status === 200 && replicaStateIn(response) === 'current',
        );
        const read = async () =>
          (await impatient.http().get(orgPath(tenant.id)).set('Authorization', impatient.platformAuth)).body as Body;
        const onPrimaryOnly = named('Renamed while the replica lags');
        await whileReplayPaused(async () => {
          await renameOnThePrimaryOnly(onPrimaryOnly);
          expect(await until(read, (body) => body.name === onPrimaryOnly)).toMatchObject({ name: onPrimaryOnly });
          const ready = await readiness(impatient);
          expect(ready.status).toBe(200);
          expect(replicaStateIn(ready)).toBe('lagging');
        });
      } finally {
        await impatient.close();
      }
    },
    SLOW,
  );

  it(
    'keeps answering reads, from the primary, and stays ready when the replica is down',
    async () => {
      const latest = named('Renamed before the replica stopped');
      await renameOnThePrimaryOnly(latest);
      await replicas().caughtUp();
      await replicas().stopReplica();

      for (const auth of [app().platformAuth, tenant.auth, app().platformAuth]) expect(await nameOf(auth)).toBe(latest);
      const ready = await readiness(app());
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({
        status: 'ok',
        details: {
          database: { status: 'up' },
          readReplicas: { status: 'up', replicas: [{ name: 'replica-1', state: 'down' }] },
        },
      });
    },
    SLOW,
  );
});

// Runs after the cases above, which stopped the replica.
describe('read replicas, the replica down from the start', () => {
  it(
    'starts, answers reads from the primary and is ready',
    async () => {
      const started = await createTestApp(
        { DATABASE_READ_URLS: replicas().replicaUrl },
        { databaseUrl: replicas().primaryUrl },
      );
      try {
        const response = await started.http().get(orgPath(tenant.id)).set('Authorization', started.platformAuth);
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ id: tenant.id, name: named('Renamed before the replica stopped') });
        const ready = await readiness(started);
        expect(ready.status).toBe(200);
        expect(replicaStateIn(ready)).toBe('down');
      } finally {
        await started.close();
      }
    },
    SLOW,
  );
});
