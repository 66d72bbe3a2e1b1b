import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import {
  type Body,
  createBookableClinic,
  createOrganisation,
  createScopedKey,
  created,
  named,
  orgPath,
  postJson,
  RUN,
  sql,
  untilStatus,
} from './support/fixtures.js';
import { type PgBouncer, startPgBouncer } from './support/pgbouncer.js';
import { expectNotFound, expectProblem } from './support/problems.js';
import { countStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

// The service's smoke tests with its pool going through PgBouncer in transaction mode, as in
// production (docs/operations.md, "PgBouncer"): two instances, `DATABASE_URL` → PgBouncer and
// `DATABASE_DIRECT_URL` → PostgreSQL for what needs a session. Debian's PgBouncer 1.18 cannot
// carry named prepared statements in this mode, so they are switched off.

/** Fewer server connections than the concurrent requests below, so requests queue in PgBouncer. */
const POOL_SIZE = 3;
const ENV = {
  DATABASE_PREPARED_STATEMENTS: 'false',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_RETRY_SCHEDULE: '1',
  JOBS_SCHEMA: `pgboss_${RUN}`,
};
const REVOCATION_DEADLINE_MS = 5_000;

let bouncer: PgBouncer;
let a: TestApp;
let b: TestApp;
const receiver = new WebhookReceiver();
let receiverUrl: string;

beforeAll(async () => {
  const direct = process.env.DATABASE_URL!;
  bouncer = await startPgBouncer('The PgBouncer tests', direct, POOL_SIZE);
  a = await createTestApp(ENV, { databaseUrl: bouncer.url, directUrl: direct });
  b = await createTestApp(ENV, { databaseUrl: bouncer.url, directUrl: direct });
  receiverUrl = await receiver.start();
}, 60_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await receiver.stop();
  await bouncer?.stop();
});

const get = (app: TestApp, path: string, auth = app.platformAuth) => app.http().get(path).set('Authorization', auth);

/** What PostgreSQL itself sees, over a connection that bypasses PgBouncer. */
async function direct<T extends pg.QueryResultRow>(statement: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

describe('the service behind PgBouncer in transaction mode', () => {
  it('sends its statements through PgBouncer, and its LISTEN and job engine sessions past it', async () => {
    const before = Number((await bouncer.show('stats')).total_xact_count);
    await get(a, '/v1/organisations').expect(200);
    expect(Number((await bouncer.show('stats')).total_xact_count)).toBeGreaterThan(before);

    const throughBouncer = await bouncer.clients();
    expect(throughBouncer.filter((name) => name === 'jobs' || name.startsWith('change-notices'))).toEqual([]);
    const listeners = await direct<{ count: number }>(
      `select count(*)::int as count from pg_stat_activity where datname = current_database() and application_name = $1 and query ilike 'listen%'`,
      [`change-notices:${process.pid}`],
    );
    expect(listeners).toEqual([{ count: 2 }]);
    const jobSessions = await direct<{ count: number }>(
      `select count(*)::int as count from pg_stat_activity where datname = current_database() and application_name = 'jobs' and query ilike 'listen%'`,
    );
    expect(jobSessions[0].count).toBeGreaterThanOrEqual(2);
  });

  it('lists and gets', async () => {
    const organisation = await createOrganisation(a, 'Bouncer Directory');
    const listed = (await get(b, '/v1/organisations?limit=200').expect(200)).body;
    expect(listed.totalItems).toBeGreaterThanOrEqual(1);
    expect((await get(b, orgPath(organisation.id)).expect(200)).body).toEqual(organisation);
    expectNotFound(await get(b, orgPath('org_000000000000000000000000000')));
  });

  it('creates and cancels a booking, records both events in their transactions, and delivers them by the job engine', async () => {
    receiver.received.length = 0;
    receiver.answer = () => 200;
    const c = await createBookableClinic(a, 'Bouncer Clinic');
    const hook = await created(
      postJson(a, orgPath(c.id, '/webhook-endpoints'), { url: receiverUrl, enabledEvents: ['booking.*'] }),
    );
    receiver.secret = hook.secret;

    const booking = await created(
      postJson(a, orgPath(c.id, '/bookings'), {
        clientId: c.client.id,
        providerId: c.provider.id,
        locationId: c.location.id,
        appointmentTypeId: c.type.id,
        serviceDate: '2031-06-02T09:00:00.000Z',
      }),
    );
    const cancelled = (await postJson(b, orgPath(c.id, `/bookings/${booking.id}/cancel`)).expect(200)).body;
    expect(cancelled).toMatchObject({ id: booking.id, status: 'cancelled' });

    const events = (
      await get(b, '/v1/events?type=booking.*', await createScopedKey(a, c.id, 'Bouncer events')).expect(200)
    ).body.items as Body[];
    expect(events.map((event) => [event.type, event.data.id])).toEqual([
      ['booking.cancelled', booking.id],
      ['booking.created', booking.id],
    ]);
    const delivered = await receiver.waitFor(2);
    expect(delivered.map((received) => received.event?.type).sort()).toEqual(['booking.cancelled', 'booking.created']);
    expect(delivered.find((received) => received.event?.type === 'booking.cancelled')?.event?.data).toEqual(cancelled);
  });

  it('replays an idempotent POST, whichever instance the retry reaches', async () => {
    const { id } = await createOrganisation(a, 'Bouncer Idempotency');
    const key = `bouncer-${randomUUID()}`;
    const body = { firstName: 'Ida', lastName: named('Potent') };
    const first = await postJson(a, orgPath(id, '/clients'), body, a.platformAuth, key).expect(201);
    const retry = await postJson(b, orgPath(id, '/clients'), body, a.platformAuth, key).expect(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await sql(a, 'select id from clients where organisation_id = ?', [id])).toEqual([{ id: first.body.id }]);
  });

  it('refuses a revoked key on the other instance within 5 s, heard over the direct connection', async () => {
    const { id } = await createOrganisation(a, 'Bouncer Keys');
    const key = await created(postJson(a, '/v1/api-keys', { name: named('Front desk'), organisationId: id }));
    const auth = `Bearer ${key.key}`;
    // b trusts its cache only while it listens: a known key then costs no lookup. (A lookup that
    // overlaps the notice of the key's creation is not cached, so it may take a second request.)
    const lookups = async () => {
      const { statements } = await countStatements(() => get(b, orgPath(id), auth).expect(200));
      return statements.filter((statement) => /from "?api_keys"?/i.test(statement));
    };
    let looked = await lookups();
    for (let attempt = 0; attempt < 10 && looked.length > 0; attempt++) looked = await lookups();
    expect(looked).toEqual([]);

    await a.http().delete(`/v1/api-keys/${key.id}`).set('Authorization', a.platformAuth).expect(200);
    const { elapsedMs, response } = await untilStatus(() => get(b, orgPath(id), auth), 401, REVOCATION_DEADLINE_MS);
    expectProblem(response, 401, 'unauthenticated');
    expect(elapsedMs).toBeLessThan(REVOCATION_DEADLINE_MS);
    expectProblem(await get(a, orgPath(id), auth), 401, 'unauthenticated');
  });

  it('answers many concurrent requests, reads and writes, with more clients than PgBouncer has server connections', async () => {
    const { id } = await createOrganisation(a, 'Bouncer Crowd');
    const reads = Array.from({ length: 40 }, (_, i) => get(i % 2 ? a : b, orgPath(id, '/providers?limit=5')));
    const writes = Array.from({ length: 20 }, (_, i) =>
      postJson(i % 2 ? a : b, orgPath(id, '/clients'), { firstName: `Crowd${i}`, lastName: named('Member') }),
    );
    const answers = await Promise.all([...reads, ...writes]);
    expect(answers.map((answer) => answer.status)).toEqual([...reads.map(() => 200), ...writes.map(() => 201)]);
    expect(await sql(a, 'select count(*)::int as count from clients where organisation_id = ?', [id])).toEqual([
      { count: 20 },
    ]);

    const pool = await bouncer.show('pools');
    const serverConnections = ['sv_active', 'sv_idle', 'sv_used', 'sv_tested', 'sv_login'].reduce(
      (sum, column) => sum + Number(pool[column]),
      0,
    );
    expect(serverConnections).toBeLessThanOrEqual(POOL_SIZE);
    // Both apps' pools (10 each, as configured) are PgBouncer's clients: more than its server connections.
    expect((await bouncer.clients()).length).toBeGreaterThan(POOL_SIZE);
  });
});
