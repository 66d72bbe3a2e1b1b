import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Jobs } from '@app/jobs';
import { created, createTenant, named, orgPath, postJson, RUN, sql, untilStatus } from './support/fixtures.js';
import { expectProblem } from './support/problems.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// Two instances of the service on one PostgreSQL and one Redis, as docker/compose.yaml runs them
// behind a load balancer: what a client sees must not depend on which instance answers it.
// Elsewhere: each event delivered once by two instances (webhooks-guarantees.e2e-spec.ts), and two
// instances behind PgBouncer (pgbouncer.e2e-spec.ts).

const REDIS_URL = process.env.TEST_REDIS_URL;
const LIMIT = 20;
const ENV = {
  ...(REDIS_URL && { REDIS_URL }),
  RATE_LIMIT_PER_MINUTE: String(LIMIT),
  // Jobs in a schema of this file's own, and each instance looking for due schedules every second.
  JOBS_SCHEMA: `pgboss_${RUN}`,
  JOBS_SUPERVISE_INTERVAL_SECONDS: '1',
};
const REVOCATION_DEADLINE_MS = 5_000;

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  if (!REDIS_URL) {
    throw new Error(
      'The two-instance tests need the Redis both instances share: TEST_REDIS_URL, which test/global-setup.mjs sets',
    );
  }
  a = await createTestApp(ENV);
  b = await createTestApp(ENV);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

const get = (app: TestApp, path: string, auth: string) => app.http().get(path).set('Authorization', auth);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two instances on one PostgreSQL and one Redis', () => {
  it('share one rate-limit budget per key: requests split across both use it up, then both answer 429', async () => {
    const tenant = await createTenant(a, 'Shared Budget');
    const answers = [];
    for (let i = 0; i < LIMIT; i++) answers.push(await get(i % 2 ? a : b, orgPath(tenant.id), tenant.auth));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(answers.map((answer) => Number(answer.headers['ratelimit-remaining']))).toEqual(
      answers.map((_, i) => LIMIT - 1 - i),
    );
    for (const app of [a, b]) {
      const refused = await get(app, orgPath(tenant.id), tenant.auth);
      expectProblem(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });

  it('replay an idempotent retry on the other instance, and refuse the key reused there for another request', async () => {
    const tenant = await createTenant(a, 'Shared Idempotency');
    const key = `twin-${randomUUID()}`;
    const body = { firstName: 'Ida', lastName: named('Twin') };
    const first = await postJson(a, orgPath(tenant.id, '/clients'), body, tenant.auth, key).expect(201);
    const retry = await postJson(b, orgPath(tenant.id, '/clients'), body, tenant.auth, key).expect(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expectProblem(
      await postJson(b, orgPath(tenant.id, '/clients'), { ...body, firstName: 'Other' }, tenant.auth, key),
      422,
      'idempotency_key_reused',
    );
    expect(await sql(a, 'select id from clients where organisation_id = ?', [tenant.id])).toEqual([
      { id: first.body.id },
    ]);
  });

  it('both refuse a revoked key within 5 s, though each had it cached', async () => {
    const tenant = await createTenant(a, 'Shared Revocation');
    const key = await created(
      postJson(a, '/v1/api-keys', { name: named('Reception desk'), organisationId: tenant.id }),
    );
    const auth = `Bearer ${key.key}`;
    for (const app of [a, b, a, b]) await get(app, orgPath(tenant.id), auth).expect(200);

    await a.http().delete(`/v1/api-keys/${key.id}`).set('Authorization', a.platformAuth).expect(200);
    for (const app of [b, a]) {
      const { elapsedMs, response } = await untilStatus(
        () => get(app, orgPath(tenant.id), auth),
        401,
        REVOCATION_DEADLINE_MS,
      );
      expectProblem(response, 401, 'unauthenticated');
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(elapsedMs).toBeLessThan(REVOCATION_DEADLINE_MS);
    }
  });

  it('run a scheduled job once per occurrence, though both schedule it and both look for due occurrences every second', async () => {
    // The job engine's schedules (the daily payout, the events purge) as `Jobs.schedule` makes them,
    // every minute here. The run and the passes after it must fall in one minute, or the next
    // minute's occurrence would rightly run too.
    if (new Date().getUTCSeconds() > 30) await sleep((61 - new Date().getUTCSeconds()) * 1000);
    const minute = new Date().getUTCMinutes();
    const runs: string[] = [];
    for (const [name, app] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const jobs = app.app.get(Jobs);
      await jobs.work('twins.every-minute', { expireInSeconds: 60, retryLimit: 0 }, async () => {
        runs.push(name);
      });
      await jobs.schedule('twins.every-minute', '* * * * *', 'UTC');
    }
    const deadline = Date.now() + 20_000;
    while (runs.length === 0 && Date.now() < deadline) await sleep(100);
    // Every pass of either instance in the rest of this minute still finds this occurrence due.
    await sleep(5_000);
    expect(new Date().getUTCMinutes()).toBe(minute);
    expect(runs).toHaveLength(1);
  }, 60_000);
});
