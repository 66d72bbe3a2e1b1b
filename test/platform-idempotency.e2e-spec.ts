import { createHash, createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { countStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  type Body,
  createBookableClinic,
  created,
  createTenant,
  named,
  orgPath,
  postJson,
  randomWalletKey,
  RUN,
  sql,
  type Tenant,
  untilStatus,
} from './support/fixtures.js';
import { expectProblem } from './support/problems.js';

// Every test file shares one database and runs in parallel with the others: every key and name
// here carries this run's suffix or a random part, and every check is scoped to rows this file made.

interface IdempotencyRow {
  api_key_hash: string;
  key: string;
  request_hash: string;
  created_at: Date;
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
  replay_error: Record<string, unknown> | null;
}

const WALLET_KEY = randomWalletKey();
let t: TestApp;
let orgA: Tenant;
let orgB: Tenant;

const secretOf = (auth: string) => auth.replace(/^Bearer /, '');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const requestHashOf = (method: string, path: string, body: Record<string, string>) => {
  const canonical = `{${Object.keys(body)
    .sort()
    .map((name) => `${JSON.stringify(name)}:${JSON.stringify(body[name])}`)
    .join(',')}}`;
  const hmacKey = Buffer.from(
    hkdfSync('sha256', Buffer.from(WALLET_KEY, 'hex'), Buffer.alloc(0), 'idempotency request hash', 32),
  );
  return createHmac('sha256', hmacKey).update(`${method} ${path}\n${canonical}`).digest('hex');
};
const rowOf = async (auth: string, key: string) =>
  (
    await sql<IdempotencyRow>(t, 'select * from idempotency_keys where api_key_hash = ? and key = ?', [
      sha256(secretOf(auth)),
      key,
    ])
  )[0];

beforeAll(async () => {
  t = await createTestApp({ WALLET_ENCRYPTION_KEY: WALLET_KEY });
  [orgA, orgB] = await Promise.all([createTenant(t, 'Idempotency Clinic A'), createTenant(t, 'Idempotency Clinic B')]);
});

afterAll(async () => {
  await t?.close();
});

describe('Idempotency-Key on POST /v1/api-keys', () => {
  it('never stores the secret; a retry gets 409 api_key_already_issued naming the key, and no second key is issued', async () => {
    const key = `api-key-${randomUUID()}`;
    const body = { name: named('Idempotent key'), organisationId: orgA.id };
    const first = await postJson(t, '/v1/api-keys', body, t.platformAuth, key);
    expect(first.status).toBe(201);
    expect(first.body.key).toMatch(/^sk_/);

    const row = await rowOf(t.platformAuth, key);
    expect(row).toMatchObject({ response_status: 201, response_body: null, response_headers: null });
    expect(JSON.stringify(row)).not.toContain(first.body.key);

    const retry = await postJson(t, '/v1/api-keys', body, t.platformAuth, key);
    expectProblem(retry, 409, 'api_key_already_issued');
    expect(retry.body.apiKeyId).toBe(first.body.id);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(JSON.stringify(retry.body)).not.toContain(first.body.key);

    const issued = await sql<{ id: string }>(t, 'select id from api_keys where name = ?', [body.name]);
    expect(issued).toEqual([{ id: first.body.id }]);
    // The key the first answer showed works.
    await t.http().get(orgPath(orgA.id)).set('Authorization', `Bearer ${first.body.key}`).expect(200);

    expectProblem(
      await postJson(t, '/v1/api-keys', { ...body, name: named('Idempotent other key') }, t.platformAuth, key),
      422,
      'idempotency_key_reused',
    );
  });

  it('still replays a refusal of the route, which holds no secret', async () => {
    const key = `api-key-${randomUUID()}`;
    const first = await postJson(t, '/v1/api-keys', { name: '' }, t.platformAuth, key);
    expectProblem(first, 400, 'validation_failed');
    const retry = await postJson(t, '/v1/api-keys', { name: '' }, t.platformAuth, key);
    expect(retry.status).toBe(400);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('says so in the OpenAPI description of the route', async () => {
    const document = (await t.http().get('/docs/openapi.json').expect(200)).body;
    const operation = document.paths['/v1/api-keys'].post;
    expect(operation.description).toContain('api_key_already_issued');
    expect(Object.keys(operation.responses)).toContain('409');
  });
});

describe('which answers are kept for a retry', () => {
  const clientBody = () => ({ firstName: 'Retry', lastName: named(`Kept ${randomBytes(3).toString('hex')}`) });

  it("keeps the first answer sealed, so the table holds none of the client's details, and replays it whole", async () => {
    const key = `sealed-${randomUUID()}`;
    const body = { ...clientBody(), email: `sealed.${randomBytes(4).toString('hex')}@example.com` };
    const first = await postJson(t, orgPath(orgA.id, '/clients'), body, orgA.auth, key);
    expect(first.status).toBe(201);
    const stored = (await rowOf(orgA.auth, key))?.response_body ?? '';
    expect(stored).toMatch(/^v1:/);
    expect([
      stored.includes(body.email),
      stored.includes(body.lastName),
      stored.includes(first.body.id as string),
    ]).toEqual([false, false, false]);
    const retry = await postJson(t, orgPath(orgA.id, '/clients'), body, orgA.auth, key);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect([retry.status, retry.body]).toEqual([201, first.body]);
  });

  it('keeps a validation failure, the outcome of the request, and replays it', async () => {
    const key = `kept-${randomUUID()}`;
    const first = await postJson(t, orgPath(orgA.id, '/clients'), { firstName: 'No last name' }, orgA.auth, key);
    expectProblem(first, 400, 'validation_failed');
    expect((await rowOf(orgA.auth, key))?.response_status).toBe(400);
    const retry = await postJson(t, orgPath(orgA.id, '/clients'), { firstName: 'No last name' }, orgA.auth, key);
    expect(retry.status).toBe(400);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('frees the key of a 403 (a key used on another organisation)', async () => {
    const key = `forbidden-${randomUUID()}`;
    expectProblem(await postJson(t, orgPath(orgB.id, '/clients'), clientBody(), orgA.auth, key), 403, 'forbidden');
    expect(await rowOf(orgA.auth, key)).toBeUndefined();
  });

  it('frees the key of a 401 (no such API key)', async () => {
    const key = `unauthenticated-${randomUUID()}`;
    const unknownKey = `Bearer sk_unknown_${randomBytes(16).toString('hex')}`;
    expectProblem(
      await postJson(t, orgPath(orgA.id, '/clients'), clientBody(), unknownKey, key),
      401,
      'unauthenticated',
    );
    expect(await rowOf(unknownKey, key)).toBeUndefined();
  });

  describe('a 429', () => {
    let limited: TestApp;

    beforeAll(async () => {
      limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2', WALLET_ENCRYPTION_KEY: WALLET_KEY });
    });

    afterAll(async () => {
      await limited?.close();
    });

    it('frees the key, so a retry after Retry-After is a real attempt', async () => {
      const tenant = await createTenant(t, 'Idempotency Limited');
      const key = `limited-${randomUUID()}`;
      const body = clientBody();
      for (let i = 0; i < 2; i++)
        await limited.http().get(orgPath(tenant.id)).set('Authorization', tenant.auth).expect(200);
      const refused = await postJson(limited, orgPath(tenant.id, '/clients'), body, tenant.auth, key);
      expectProblem(refused, 429, 'rate_limited');
      expect(await rowOf(tenant.auth, key)).toBeUndefined();

      // The same database behind an instance whose window has room: as the retry would find it later.
      const retry = await postJson(t, orgPath(tenant.id, '/clients'), body, tenant.auth, key);
      expect(retry.status).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      const clients = await sql<{ id: string }>(
        t,
        'select id from clients where organisation_id = ? and last_name = ?',
        [tenant.id, body.lastName],
      );
      expect(clients).toEqual([{ id: retry.body.id }]);
    });
  });
});

describe('the stored request hash', () => {
  it('is an HMAC keyed from the configured master key, not a plain SHA-256 of the body', async () => {
    const key = `hash-${randomUUID()}`;
    const name = named('Hashed Clinic');
    await postJson(t, '/v1/organisations', { name }, t.platformAuth, key).expect(201);
    const canonical = JSON.stringify({ name });
    const { request_hash: stored } = await rowOf(t.platformAuth, key);

    expect(stored).not.toBe(sha256(canonical));
    expect(stored).not.toBe(sha256(`POST /v1/organisations\n${canonical}`));
    expect(stored).toBe(requestHashOf('POST', '/v1/organisations', { name }));
  });
});

describe('expired keys', () => {
  let fresh: TestApp;

  beforeAll(async () => {
    // A new instance purges on its first idempotent request.
    fresh = await createTestApp({ WALLET_ENCRYPTION_KEY: WALLET_KEY });
  });

  afterAll(async () => {
    await fresh?.close();
  });

  it('are deleted once older than 24 hours, at most once a minute per instance', async () => {
    const apiKeyHash = sha256(`purge-${RUN}-${randomUUID()}`);
    const insert = (key: string, age: string) =>
      sql(
        t,
        `insert into idempotency_keys (api_key_hash, key, request_hash, created_at, response_status, response_body) values (?, ?, 'h', now() - ?::interval, 201, '{}')`,
        [apiKeyHash, key, age],
      );
    await insert('expired', '25 hours');
    await insert('recent', '23 hours');

    const purges = async (name: string) => {
      const { statements } = await countStatements(() =>
        postJson(fresh, '/v1/organisations', { name: named(name) }, fresh.platformAuth, `purge-${randomUUID()}`).expect(
          201,
        ),
      );
      return statements.filter((statement) => /delete from idempotency_keys where created_at/i.test(statement)).length;
    };

    expect(await purges('Purging Clinic')).toBe(1);
    const left = await sql<{ key: string }>(t, 'select key from idempotency_keys where api_key_hash = ? order by key', [
      apiKeyHash,
    ]);
    expect(left).toEqual([{ key: 'recent' }]);
    expect(await purges('Second Purging Clinic')).toBe(0);
  });
});

describe('a key whose request died', () => {
  /** Seconds a marker of a request still running keeps its key in `owner`, this block's instance. */
  const IN_PROGRESS_SECONDS = 3;
  let owner: TestApp;
  let holder: pg.Client;
  let holderPid: number;

  beforeAll(async () => {
    owner = await createTestApp({
      IDEMPOTENCY_IN_PROGRESS_SECONDS: String(IN_PROGRESS_SECONDS),
      WALLET_ENCRYPTION_KEY: WALLET_KEY,
    });
    // A session of the test's own: it holds rows the app needs, so a request waits where the test wants it.
    holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    [{ pid: holderPid }] = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
  });

  afterAll(async () => {
    await holder?.end();
    await owner?.close();
  });

  /** The one backend of the app, other than `ended` ones, waiting for a row the holder has locked. */
  async function backendWaitingForTheHolder(ended: number[] = []): Promise<number> {
    for (let tries = 0; tries < 200; tries++) {
      // The holder asks inside its transaction, where pg_stat_activity is read once and kept: a
      // backend the app's pool opens afterwards (the release's, at times) would never show.
      await holder.query('select pg_stat_clear_snapshot()');
      const { rows } = await holder.query<{ pid: number }>(
        'select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid)) and pid <> all($2)',
        [holderPid, ended],
      );
      if (rows.length === 1) return rows[0].pid;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('no backend waited for the rows the test holds');
  }

  /** A booking of a clinic of its own, with a card to pay it, and the body of its check-out. */
  async function bookingToCheckOut(name: string): Promise<{ path: string; body: Body; bookingId: string }> {
    const clinic = await createBookableClinic(t, name);
    const card = await created(
      postJson(t, orgPath(clinic.id, `/clients/${clinic.client.id}/wallet/cards`), {
        type: 'payment_method',
        paymentMethod: { paymentMethodId: 'pm_card_visa' },
      }),
    );
    const booking = await created(
      postJson(t, orgPath(clinic.id, '/bookings'), {
        clientId: clinic.client.id,
        providerId: clinic.provider.id,
        locationId: clinic.location.id,
        appointmentTypeId: clinic.type.id,
        serviceDate: '2027-07-01T00:00:00.000Z',
      }),
    );
    return {
      path: orgPath(clinic.id, `/bookings/${booking.id}/transactions`),
      body: { payment: { paymentMethodId: card.id } },
      bookingId: booking.id,
    };
  }

  const transactionsOf = (bookingId: string) =>
    sql<{ id: string }>(t, 'select id from transactions where booking_id = ?', [bookingId]);

  it("is free again when the database drops the check-out's connection, and the release's too: the retry runs, and the booking is paid once", async () => {
    const { path, body, bookingId } = await bookingToCheckOut('Idempotency Outage Clinic');
    const key = `outage-${randomUUID()}`;
    await holder.query('begin');
    try {
      // `no key update` stops the check-out's lock of the booking, not the key-share locks of rows
      // written beside it (the booking's emails), so the check-out is the one backend that waits.
      await holder.query('select id from bookings where id = $1 for no key update', [bookingId]);
      const first = postJson(t, path, body, t.platformAuth, key).then((response) => response);
      const checkOut = await backendWaitingForTheHolder();
      // The key's row is committed by now: holding it makes the release wait too, on a connection of its own.
      await holder.query('select key from idempotency_keys where api_key_hash = $1 and key = $2 for update', [
        sha256(secretOf(t.platformAuth)),
        key,
      ]);
      await holder.query('select pg_terminate_backend($1)', [checkOut]);
      await holder.query('select pg_terminate_backend($1)', [await backendWaitingForTheHolder([checkOut])]);
      await holder.query('rollback');
      expectProblem(await first, 503, 'service_unavailable');
    } finally {
      await holder.query('rollback');
    }

    const retry = await postJson(t, path, body, t.platformAuth, key);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await transactionsOf(bookingId)).toEqual([{ id: retry.body.id }]);
    const replay = await postJson(t, path, body, t.platformAuth, key);
    expect([replay.status, replay.headers['idempotent-replayed'], replay.body.id]).toEqual([
      201,
      'true',
      retry.body.id,
    ]);
  });

  it('is free again once the marker of an owner that died expires, with Retry-After meanwhile', async () => {
    const tenant = await createTenant(t, 'Idempotency Dead Owner');
    const path = orgPath(tenant.id, '/clients');
    const body = { firstName: 'Dead', lastName: named('Owner') };
    const key = `dead-owner-${randomUUID()}`;
    // What a claim leaves when its instance is killed mid-request: a marker nobody renews or settles.
    await sql(
      t,
      `insert into idempotency_keys (api_key_hash, key, request_hash, created_at, in_progress_until) values (?, ?, ?, now(), now() + make_interval(secs => ?))`,
      [sha256(secretOf(tenant.auth)), key, requestHashOf('POST', path, body), IN_PROGRESS_SECONDS],
    );
    const refused = await postJson(owner, path, body, tenant.auth, key);
    expectProblem(refused, 409, 'idempotency_request_in_progress');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(IN_PROGRESS_SECONDS);

    const conflict = (await t.http().get('/docs/openapi.json').expect(200)).body.paths[
      '/v1/organisations/{organisationId}/clients'
    ].post.responses['409'];
    expect(Object.keys(conflict.headers)).toContain('Retry-After');

    const { elapsedMs, response } = await untilStatus(() => postJson(owner, path, body, tenant.auth, key), 201, 10_000);
    expect(elapsedMs).toBeLessThan((IN_PROGRESS_SECONDS + 2) * 1000);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    const clients = await sql<{ id: string }>(t, 'select id from clients where organisation_id = ? and last_name = ?', [
      tenant.id,
      body.lastName,
    ]);
    expect(clients).toEqual([{ id: response.body.id }]);
  });

  it('stays in progress while its request runs longer than the marker lasts: a retry meanwhile never runs it twice', async () => {
    const { path, body, bookingId } = await bookingToCheckOut('Idempotency Slow Clinic');
    const key = `slow-${randomUUID()}`;
    await holder.query('begin');
    let first: Promise<Awaited<ReturnType<typeof postJson>>>;
    try {
      // `no key update` stops the check-out's lock of the booking, not the key-share locks of rows
      // written beside it (the booking's emails), so the check-out is the one backend that waits.
      await holder.query('select id from bookings where id = $1 for no key update', [bookingId]);
      first = postJson(owner, path, body, t.platformAuth, key).then((response) => response);
      await backendWaitingForTheHolder();
      const [row] = await sql<{ lasts: number }>(
        t,
        'select extract(epoch from in_progress_until - created_at)::float as lasts from idempotency_keys where api_key_hash = ? and key = ?',
        [sha256(secretOf(t.platformAuth)), key],
      );
      expect(row.lasts).toBeCloseTo(IN_PROGRESS_SECONDS, 0);
      const until = Date.now() + (IN_PROGRESS_SECONDS * 2 + 1) * 1000;
      while (Date.now() < until) {
        // A retry that ran would wait for the booking like the first: the time-out says so at once.
        const retry = await postJson(owner, path, body, t.platformAuth, key).timeout(3_000);
        expectProblem(retry, 409, 'idempotency_request_in_progress');
        expect(Number(retry.headers['retry-after'])).toBeLessThanOrEqual(IN_PROGRESS_SECONDS);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await holder.query('rollback');
    }
    const done = await first;
    expect(done.status).toBe(201);
    expect(await transactionsOf(bookingId)).toEqual([{ id: done.body.id }]);
    const replay = await postJson(owner, path, body, t.platformAuth, key);
    expect([replay.status, replay.headers['idempotent-replayed'], replay.body.id]).toEqual([201, 'true', done.body.id]);
  });
});
