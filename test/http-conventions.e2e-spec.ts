import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import SwaggerParser from '@apidevtools/swagger-parser';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Response } from 'supertest';
import { newPrefixedId } from '@app/shared/domain';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  createTenant,
  everyOrganisation,
  ISO_INSTANT,
  named,
  randomWalletKey,
  RUN,
  type Tenant,
} from './support/fixtures.js';
import { expectProblem as expectProblemShape } from './support/problems.js';

// Every test file shares one database and runs in parallel with the others: every name here
// carries this run's suffix, and every check is scoped to ids this file created.

const PROBLEM_KEYS = ['type', 'title', 'status', 'detail', 'instance', 'code', 'requestId'].sort();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let t: TestApp;
let orgA: Tenant;
let orgB: Tenant;

const postOrganisation = (body: object, auth = t.platformAuth) =>
  t.http().post('/v1/organisations').set('Authorization', auth).send(body);
const postApiKey = (body: object, auth = t.platformAuth) =>
  t.http().post('/v1/api-keys').set('Authorization', auth).send(body);

const organisationsNamed = async (name: string) =>
  (await everyOrganisation(t)).filter((organisation) => organisation.name === name);

/** The shared problem shape, and no extension members: none of the problems provoked here has any. */
function expectProblem(response: Response, status: number, code: string): void {
  expectProblemShape(response, status, code);
  const keys = Object.keys(response.body).filter((key) => key !== 'errors');
  expect(keys.sort()).toEqual(PROBLEM_KEYS);
}

function expectInvalid(response: Response, field: string): void {
  expectProblem(response, 400, 'validation_failed');
  expect(response.body.errors).toEqual(
    expect.arrayContaining([expect.objectContaining({ field, code: expect.any(String), message: expect.any(String) })]),
  );
}

beforeAll(async () => {
  // The wallet module refuses to start on a configured database without its key.
  t = await createTestApp({ WALLET_ENCRYPTION_KEY: randomWalletKey() });
  [orgA, orgB] = await Promise.all([createTenant(t, 'Conventions Clinic A'), createTenant(t, 'Conventions Clinic B')]);
});

afterAll(async () => {
  await t?.close();
});

describe('problem details', () => {
  it('answers errors as application/problem+json with type, title, status, detail, instance, code and requestId', async () => {
    const id = newPrefixedId('org');
    const response = await t.http().get(`/v1/organisations/${id}`).set('Authorization', t.platformAuth);
    expectProblem(response, 404, 'not_found');
    expect(response.body.instance).toBe(`/v1/organisations/${id}`);
    expect(response.body.title).toBe('Not Found');
    expect(response.body.errors).toBeUndefined();
  });

  it('adds errors [{ field, code, message }] to a validation failure', async () => {
    const response = await postOrganisation({ name: '' });
    expectInvalid(response, 'name');
    for (const error of response.body.errors) expect(Object.keys(error).sort()).toEqual(['code', 'field', 'message']);
  });

  it('answers an unknown route with a 404 not_found problem', async () => {
    expectProblem(await t.http().get('/v1/no-such-thing').set('Authorization', t.platformAuth), 404, 'not_found');
    expectProblem(await t.http().get('/v2/organisations').set('Authorization', t.platformAuth), 404, 'not_found');
  });

  it('answers a method the path does not support with 405 method_not_allowed and Allow', async () => {
    const collection = await t.http().delete('/v1/organisations').set('Authorization', t.platformAuth);
    expectProblem(collection, 405, 'method_not_allowed');
    expect(collection.headers.allow).toBe('GET, HEAD, POST');
    const one = await t
      .http()
      .put(`/v1/organisations/${newPrefixedId('org')}`)
      .set('Authorization', t.platformAuth)
      .send({});
    expectProblem(one, 405, 'method_not_allowed');
    expect(one.headers.allow).toBe('GET, HEAD, PATCH');
    expectProblem(await t.http().post('/health/live'), 405, 'method_not_allowed');
    // A literal path is its own, though a parameter route beside it (`…/remittances/{remittanceId}`) would take the method.
    const literal = await t
      .http()
      .get(`/v1/businesses/${randomUUID()}/remittances/fetch`)
      .set('Authorization', t.platformAuth);
    expectProblem(literal, 405, 'method_not_allowed');
    expect(literal.headers.allow).toBe('POST');
  });

  it('answers malformed JSON with 400 malformed_json', async () => {
    const response = await t
      .http()
      .post('/v1/organisations')
      .set('Authorization', t.platformAuth)
      .set('Content-Type', 'application/json')
      .send('{"name": "Broken');
    expectProblem(response, 400, 'malformed_json');
    const patch = await t
      .http()
      .patch(`/v1/organisations/${orgA.id}`)
      .set('Authorization', t.platformAuth)
      .set('Content-Type', 'application/json')
      .send('{name: 1}');
    expectProblem(patch, 400, 'malformed_json');
  });

  it('answers a body over 100 kB with 413 payload_too_large, and reads one just under it', async () => {
    const over = JSON.stringify({ name: 'x'.repeat(110 * 1024) });
    const tooLarge = await t
      .http()
      .post('/v1/organisations')
      .set('Authorization', t.platformAuth)
      .set('Content-Type', 'application/json')
      .send(over);
    expectProblem(tooLarge, 413, 'payload_too_large');

    // Read and validated (a name that long is refused), not refused for its size.
    const under = JSON.stringify({ name: 'x'.repeat(99 * 1024) });
    const read = await t
      .http()
      .post('/v1/organisations')
      .set('Authorization', t.platformAuth)
      .set('Content-Type', 'application/json')
      .send(under);
    expectInvalid(read, 'name');
  });

  it('answers a body that is not application/json with 415 unsupported_media_type', async () => {
    const text = await t
      .http()
      .post('/v1/organisations')
      .set('Authorization', t.platformAuth)
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ name: named('Plain') }));
    expectProblem(text, 415, 'unsupported_media_type');
    const form = await t
      .http()
      .post('/v1/organisations')
      .set('Authorization', t.platformAuth)
      .type('form')
      .send({ name: named('Form') });
    expectProblem(form, 415, 'unsupported_media_type');
    const patch = await t
      .http()
      .patch(`/v1/organisations/${orgA.id}`)
      .set('Authorization', t.platformAuth)
      .set('Content-Type', 'text/plain')
      .send('{}');
    expectProblem(patch, 415, 'unsupported_media_type');
  });

  it('reads application/json with a charset parameter', async () => {
    const response = await t
      .http()
      .post('/v1/organisations')
      .set('Authorization', t.platformAuth)
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ name: named('Charset Clinic') }));
    expect(response.status).toBe(201);
    expect(response.body.name).toBe(named('Charset Clinic'));
  });
});

describe('X-Request-Id', () => {
  it('is on every response: success, error, unknown route, health and docs', async () => {
    const responses = await Promise.all([
      t.http().get('/v1/organisations').set('Authorization', t.platformAuth),
      t.http().get('/v1/organisations'),
      t.http().get('/v1/no-such-thing').set('Authorization', t.platformAuth),
      t.http().get('/health/live'),
      t.http().get('/docs/openapi.json'),
      postOrganisation({ name: named('Request Id Clinic') }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 401, 404, 200, 200, 201]);
    for (const response of responses) expect(response.headers['x-request-id']).toMatch(UUID);
    expect(new Set(responses.map((response) => response.headers['x-request-id'])).size).toBe(responses.length);
  });

  it('echoes a sane incoming X-Request-Id, on success and in a problem', async () => {
    const id = `req-${RUN}.retry:1_A`;
    const ok = await t
      .http()
      .get('/v1/organisations')
      .set('Authorization', t.platformAuth)
      .set('X-Request-Id', id)
      .expect(200);
    expect(ok.headers['x-request-id']).toBe(id);
    const failed = await t.http().get('/v1/organisations').set('X-Request-Id', id);
    expectProblem(failed, 401, 'unauthenticated');
    expect(failed.body.requestId).toBe(id);
  });

  it.each([
    ['spaces', 'has spaces in it'],
    ['markup', '<script>alert(1)</script>'],
    ['a line over 128 characters', 'a'.repeat(129)],
    ['quotes', '"quoted";drop'],
  ])('replaces an unsafe incoming X-Request-Id (%s) with its own', async (_, unsafe) => {
    const response = await t
      .http()
      .get('/v1/organisations/nope')
      .set('Authorization', t.platformAuth)
      .set('X-Request-Id', unsafe);
    expectProblem(response, 404, 'not_found');
    expect(response.headers['x-request-id']).not.toBe(unsafe);
    expect(response.headers['x-request-id']).toMatch(UUID);
    expect(response.body.requestId).toBe(response.headers['x-request-id']);
  });
});

describe('authentication and tenancy', () => {
  it('answers a request without Authorization with 401 unauthenticated and WWW-Authenticate: Bearer', async () => {
    const response = await t.http().get('/v1/organisations');
    expectProblem(response, 401, 'unauthenticated');
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it.each([
    ['an unknown key', 'Bearer sk_this_is_not_a_key'],
    ['another scheme', `Basic ${Buffer.from('user:pass').toString('base64')}`],
    ['an empty bearer', 'Bearer '],
    ['the key without the scheme', 'sk_this_is_not_a_key_either'],
  ])('answers %s with 401 unauthenticated and WWW-Authenticate: Bearer', async (_, authorization) => {
    const response = await t.http().get(`/v1/organisations/${orgA.id}`).set('Authorization', authorization);
    expectProblem(response, 401, 'unauthenticated');
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('checks the key before reading the body', async () => {
    const response = await t.http().post('/v1/organisations').set('Content-Type', 'application/json').send('{"name": ');
    expectProblem(response, 401, 'unauthenticated');
  });

  it('answers an organisation key on another organisation with 403 forbidden', async () => {
    expectProblem(await t.http().get(`/v1/organisations/${orgB.id}`).set('Authorization', orgA.auth), 403, 'forbidden');
    expectProblem(
      await t
        .http()
        .patch(`/v1/organisations/${orgB.id}`)
        .set('Authorization', orgA.auth)
        .send({ name: named('Taken Over') }),
      403,
      'forbidden',
    );
    expectProblem(
      await t
        .http()
        .patch(`/v1/organisations/${orgB.id}/booking-settings`)
        .set('Authorization', orgA.auth)
        .send({ bookingsEnabled: true }),
      403,
      'forbidden',
    );
    const unchanged = await t
      .http()
      .get(`/v1/organisations/${orgB.id}`)
      .set('Authorization', t.platformAuth)
      .expect(200);
    expect(unchanged.body.name).toBe(named('Conventions Clinic B'));
    expect(unchanged.body.bookingsEnabled).toBe(false);
  });

  it('answers an organisation key on POST /v1/organisations and POST /v1/api-keys with 403 forbidden', async () => {
    expectProblem(await postOrganisation({ name: named('Org Key Creates Org') }, orgA.auth), 403, 'forbidden');
    expectProblem(await postApiKey({ name: 'Org key makes key' }, orgA.auth), 403, 'forbidden');
    expectProblem(
      await postApiKey({ name: 'Org key makes own key', organisationId: orgA.id }, orgA.auth),
      403,
      'forbidden',
    );
    expect(await organisationsNamed(named('Org Key Creates Org'))).toEqual([]);
  });
});

describe('POST /v1/api-keys', () => {
  it('issues a platform key, shows its secret once, and the secret works', async () => {
    const response = await postApiKey({ name: `Platform key ${RUN}` });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^key_[0-9A-Za-z]{27}$/),
      name: `Platform key ${RUN}`,
      organisationId: null,
      key: expect.any(String),
      createdAt: expect.stringMatching(ISO_INSTANT),
      updatedAt: response.body.createdAt,
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
    });
    const auth = `Bearer ${response.body.key}`;
    await t.http().get(`/v1/organisations/${orgA.id}`).set('Authorization', auth).expect(200);
    await t.http().get(`/v1/organisations/${orgB.id}`).set('Authorization', auth).expect(200);
    const created = await postOrganisation({ name: named('Made By New Platform Key') }, auth);
    expect(created.status).toBe(201);

    const second = await postApiKey({ name: `Platform key ${RUN}` }).expect(201);
    expect(second.body.key).not.toBe(response.body.key);
    expect(second.body.id).not.toBe(response.body.id);
  });

  it('issues an organisation key that reaches only its organisation', async () => {
    const own = await postOrganisation({ name: named('Scoped Key Owner') }).expect(201);
    const response = await postApiKey({ name: 'Scoped', organisationId: own.body.id });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Scoped', organisationId: own.body.id, key: expect.any(String) });
    const auth = `Bearer ${response.body.key}`;

    const read = await t.http().get(`/v1/organisations/${own.body.id}`).set('Authorization', auth).expect(200);
    expect(read.body).toEqual(own.body);
    const list = await t.http().get('/v1/organisations').set('Authorization', auth).expect(200);
    expect(list.body.items.map((organisation: { id: string }) => organisation.id)).toEqual([own.body.id]);
    expectProblem(await t.http().get(`/v1/organisations/${orgA.id}`).set('Authorization', auth), 403, 'forbidden');
  });

  it('answers 404 for an organisation that does not exist or cannot', async () => {
    expectProblem(await postApiKey({ name: 'Ghost', organisationId: newPrefixedId('org') }), 404, 'not_found');
    expectProblem(await postApiKey({ name: 'Ghost', organisationId: 'nope' }), 404, 'not_found');
  });

  it.each([
    ['name missing', {}, 'name'],
    ['name empty', { name: '' }, 'name'],
    ['name over 100 characters', { name: 'k'.repeat(101) }, 'name'],
    ['organisationId not a string', { name: 'Typed', organisationId: 5 }, 'organisationId'],
    ['an unknown field', { name: 'Extra', scope: 'platform' }, 'scope'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    expectInvalid(await postApiKey(body), field);
  });
});

describe('rate limits (RATE_LIMIT_PER_MINUTE=3, PUBLIC_RATE_LIMIT_PER_MINUTE=2, TRUST_PROXY=1)', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await createTestApp({
      RATE_LIMIT_PER_MINUTE: '3',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '2',
      TRUST_PROXY: '1',
      WALLET_ENCRYPTION_KEY: randomWalletKey(),
    });
  });

  afterAll(async () => {
    await limited?.close();
  });

  const headersOf = (response: Response) => ({
    limit: response.headers['ratelimit-limit'],
    remaining: response.headers['ratelimit-remaining'],
  });

  it('counts one budget per key across routes, with RateLimit headers, then answers 429 rate_limited with Retry-After', async () => {
    const auth = limited.platformAuth;
    const first = await limited.http().get('/v1/organisations').set('Authorization', auth);
    const second = await limited.http().get(`/v1/organisations/${orgA.id}`).set('Authorization', auth);
    const third = await limited.http().get('/v1/organisations?limit=1').set('Authorization', auth);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect([first, second, third].map(headersOf)).toEqual([
      { limit: '3', remaining: '2' },
      { limit: '3', remaining: '1' },
      { limit: '3', remaining: '0' },
    ]);
    for (const response of [first, second, third]) {
      const reset = Number(response.headers['ratelimit-reset']);
      expect(Number.isInteger(reset) && reset >= 1 && reset <= 60).toBe(true);
    }

    const refused = await limited.http().get('/v1/organisations').set('Authorization', auth);
    expectProblem(refused, 429, 'rate_limited');
    expect(headersOf(refused)).toEqual({ limit: '3', remaining: '0' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(Number(refused.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);

    // Another key has its own budget.
    const other = await limited.http().get(`/v1/organisations/${orgA.id}`).set('Authorization', orgA.auth);
    expect(other.status).toBe(200);
    expect(headersOf(other)).toEqual({ limit: '3', remaining: '2' });
  });

  it('limits booking data per client IP with the public limit, and never limits health probes', async () => {
    const bookingData = () =>
      limited.http().get(`/v1/organisations/${orgA.id}/booking-data`).set('X-Forwarded-For', '203.0.113.7');
    for (let probe = 0; probe < 5; probe++)
      expect((await limited.http().get('/health/live').set('X-Forwarded-For', '203.0.113.7')).status).toBe(200);
    const first = await bookingData();
    const second = await bookingData();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first, second].map(headersOf)).toEqual([
      { limit: '2', remaining: '1' },
      { limit: '2', remaining: '0' },
    ]);
    const refused = await bookingData();
    expectProblem(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await limited.http().get('/health/ready').set('X-Forwarded-For', '203.0.113.7')).status).toBe(200);
  });

  it('behind a trusted proxy (TRUST_PROXY=1), counts each client named by X-Forwarded-For on its own', async () => {
    const patient = (address: string) =>
      limited.http().get(`/v1/organisations/${orgA.id}/booking-data`).set('X-Forwarded-For', address);
    await patient('198.51.100.1');
    await patient('198.51.100.1');
    expect((await patient('198.51.100.1')).status).toBe(429);
    const another = await patient('198.51.100.2');
    expect(another.status).toBe(200);
    expect(headersOf(another)).toEqual({ limit: '2', remaining: '1' });
  });
});

describe('without TRUST_PROXY', () => {
  let direct: TestApp;
  beforeAll(async () => {
    direct = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '2', WALLET_ENCRYPTION_KEY: randomWalletKey() });
  });
  afterAll(async () => {
    await direct?.close();
  });

  it('ignores X-Forwarded-For, which any client can send, and counts by the connection address', async () => {
    const spoofing = (address: string) =>
      direct.http().get(`/v1/organisations/${orgA.id}/booking-data`).set('X-Forwarded-For', address);
    expect((await spoofing('192.0.2.1')).status).toBe(200);
    expect((await spoofing('192.0.2.2')).status).toBe(200);
    expect((await spoofing('192.0.2.3')).status).toBe(429);
  });
});

describe('Idempotency-Key on POST /v1/organisations', () => {
  const post = (key: string, body: object, auth = t.platformAuth) =>
    postOrganisation(body, auth).set('Idempotency-Key', key);

  it('replays the first answer (status, body, Location) to a retry, and creates one organisation', async () => {
    const key = `create-${RUN}-replay`;
    const body = { name: named('Idempotent Clinic') };
    const first = await post(key, body);
    expect(first.status).toBe(201);
    const retry = await post(key, body);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.location).toBe(first.headers.location);
    expect(retry.headers.location).toBe(`/v1/organisations/${first.body.id}`);
    expect(retry.headers['content-type']).toMatch(/^application\/json/);

    const stored = await organisationsNamed(body.name);
    expect(stored.map((organisation) => organisation.id)).toEqual([first.body.id]);
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    const key = `create-${RUN}-order`;
    const first = await post(key, { name: named('Ordered Clinic'), bookingsEnabled: true }).expect(201);
    const retry = await post(key, { bookingsEnabled: true, name: named('Ordered Clinic') });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
  });

  it('answers the same key with another body with 422 idempotency_key_reused, and creates nothing more', async () => {
    const key = `create-${RUN}-reused`;
    const first = await post(key, { name: named('Reused Key Clinic') }).expect(201);
    const reused = await post(key, { name: named('Reused Key Other Clinic') });
    expectProblem(reused, 422, 'idempotency_key_reused');
    expect(await organisationsNamed(named('Reused Key Other Clinic'))).toEqual([]);
    expect((await organisationsNamed(named('Reused Key Clinic'))).map((organisation) => organisation.id)).toEqual([
      first.body.id,
    ]);
  });

  it('keeps the keys of different API keys apart', async () => {
    const otherPlatform = await postApiKey({ name: `Second platform key ${RUN}` }).expect(201);
    const key = `create-${RUN}-shared`;
    const body = { name: named('Shared Key Clinic') };
    const mine = await post(key, body).expect(201);
    const theirs = await post(key, body, `Bearer ${otherPlatform.body.key}`);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.slug).toBe(`${mine.body.slug}-2`);
    const stored = (await organisationsNamed(body.name)).map((organisation) => organisation.id).sort();
    expect(stored).toEqual([mine.body.id, theirs.body.id].sort());
  });

  it('creates exactly one organisation for concurrent requests with one key; the others replay it or get 409', async () => {
    const key = `create-${RUN}-concurrent`;
    const body = { name: named('Concurrent Idempotent Clinic') };
    const responses = await Promise.all([1, 2, 3, 4, 5].map(() => post(key, body)));
    const created = responses.filter((response) => response.status === 201);
    const conflicts = responses.filter((response) => response.status === 409);
    expect(created.length + conflicts.length).toBe(5);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((response) => response.body.id)).size).toBe(1);
    for (const response of conflicts) {
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.body.status).toBe(409);
    }
    const stored = await organisationsNamed(body.name);
    expect(stored.map((organisation) => organisation.id)).toEqual([created[0].body.id]);

    // Once the first has finished, a retry replays it.
    const retry = await post(key, body);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(created[0].body);
  });

  it('refuses an Idempotency-Key over 255 characters with 400 naming it', async () => {
    expectInvalid(await post('k'.repeat(256), { name: named('Long Key Clinic') }), 'Idempotency-Key');
    expect(await organisationsNamed(named('Long Key Clinic'))).toEqual([]);
  });
});

describe('an unexpected failure (the database pool is gone)', () => {
  let broken: TestApp;

  beforeAll(async () => {
    broken = await createTestApp({ WALLET_ENCRYPTION_KEY: randomWalletKey() });
    // Authenticate once so the key is cached, then take the database away.
    await broken.http().get('/v1/organisations?limit=1').set('Authorization', broken.platformAuth).expect(200);
    const pool = (await broken.app.get(MikroORM).em.getConnection().getNativeClient()) as { end(): Promise<void> };
    await pool.end();
  });

  afterAll(async () => {
    await broken?.close();
  });

  it('answers 500 internal_error with no stack, SQL or internal message', async () => {
    const responses = [
      await broken.http().get('/v1/organisations?limit=1').set('Authorization', broken.platformAuth),
      await broken
        .http()
        .post('/v1/organisations')
        .set('Authorization', broken.platformAuth)
        .send({ name: named('Never Stored') }),
    ];
    for (const response of responses) {
      expectProblem(response, 500, 'internal_error');
      expect(response.body.title).toBe('Internal Server Error');
      expect(response.body.detail).toBe('An unexpected error occurred. Quote the requestId when reporting it.');
      expect(response.text).not.toMatch(/pool|\bselect\b|\binsert\b|node_modules|\.[jt]s:\d+|Error:|"stack"/i);
    }
  });

  it('keeps /health/live up and answers /health/ready with 503 service_unavailable', async () => {
    await broken.http().get('/health/live').expect(200);
    const ready = await broken.http().get('/health/ready');
    expectProblem(ready, 503, 'service_unavailable');
    expect(ready.text).not.toMatch(/pool|node_modules|\.[jt]s:\d+|Error:|"stack"/i);
  });
});

describe('health and docs', () => {
  it('answers /health/live and /health/ready with 200 and no key', async () => {
    const live = await t.http().get('/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await t.http().get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ok');
  });

  it('serves Swagger UI as HTML at /docs', async () => {
    const response = await t.http().get('/docs');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toMatch(/swagger-ui/i);
  });

  describe('/docs/openapi.json', () => {
    type Operation = {
      summary?: string;
      security?: Array<Record<string, string[]>>;
      requestBody?: unknown;
      responses?: Record<string, unknown>;
    };
    type Schema = { properties?: Record<string, { deprecated?: boolean }>; $ref?: string };
    let document: {
      openapi: string;
      servers: Array<{ url: string }>;
      paths: Record<string, Record<string, Operation>>;
      components: {
        securitySchemes: Record<string, { type: string; scheme?: string }>;
        schemas: Record<string, Schema>;
      };
    };

    beforeAll(async () => {
      const response = await t.http().get('/docs/openapi.json').expect(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      document = response.body;
    });

    const operations = () =>
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([method]) => ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(method))
          .map(([method, operation]) => ({ path, method, operation })),
      );

    const schemaOf = (reference: string): Schema =>
      document.components.schemas[reference.replace('#/components/schemas/', '')];

    it('is a valid OpenAPI 3 document', async () => {
      expect(document.openapi).toMatch(/^3\./);
      await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    });

    it('declares the bearer security scheme and uses it on keyed operations only', () => {
      const schemes = Object.values(document.components.securitySchemes ?? {});
      expect(schemes).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'http', scheme: 'bearer' })]));
      const bearerName = Object.entries(document.components.securitySchemes).find(
        ([, scheme]) => scheme.scheme === 'bearer',
      )![0];
      expect(document.paths['/v1/organisations/{organisationId}'].patch.security).toEqual(
        expect.arrayContaining([{ [bearerName]: [] }]),
      );
      expect(document.paths['/v1/api-keys'].post.security).toEqual(expect.arrayContaining([{ [bearerName]: [] }]));
      expect(document.paths['/health/live'].get.security ?? []).toEqual([]);
    });

    it('lists the servers from configuration', () => {
      expect(document.servers.map((server) => server.url)).toEqual(['https://api.example.test']);
    });

    it('gives every operation a summary', () => {
      const all = operations();
      expect(all.length).toBeGreaterThan(5);
      const missing = all
        .filter(({ operation }) => typeof operation.summary !== 'string' || operation.summary.trim() === '')
        .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
      expect(missing).toEqual([]);
    });

    it('documents page and limit of a list as integers with their bounds', () => {
      const parameters = (
        document.paths['/v1/organisations'].get as Operation & {
          parameters: Array<{ name: string; in: string; schema: Record<string, unknown> }>;
        }
      ).parameters;
      const page = parameters.find((parameter) => parameter.name === 'page' && parameter.in === 'query');
      const limit = parameters.find((parameter) => parameter.name === 'limit' && parameter.in === 'query');
      expect(page?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 9007199254740991 });
      expect(limit?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 200 });
    });

    it('documents the Organisation as the spec does: its five required fields (and updatedAt and livemode), nullable URLs, a name that is never null', () => {
      const get = document.paths['/v1/organisations/{organisationId}'].get as Operation & {
        responses: Record<string, { content: Record<string, { schema: Schema }> }>;
      };
      const organisation = schemaOf(get.responses['200'].content['application/json'].schema.$ref!) as Schema & {
        required?: string[];
        properties: Record<string, { nullable?: boolean }>;
      };
      expect([...(organisation.required ?? [])].sort()).toEqual([
        'bookingsEnabled',
        'createdAt',
        'id',
        'livemode',
        'name',
        'slug',
        'updatedAt',
      ]);
      for (const field of ['brandImageUrl', 'wordmarkImageUrl', 'websiteUrl'])
        expect(organisation.properties[field].nullable).toBe(true);

      const patch = document.paths['/v1/organisations/{organisationId}'].patch as Operation & {
        requestBody: { required?: boolean; content: Record<string, { schema: Schema }> };
      };
      expect(patch.requestBody.required).toBe(true);
      const update = schemaOf(patch.requestBody.content['application/json'].schema.$ref!) as Schema & {
        required?: string[];
        properties: Record<string, { nullable?: boolean }>;
      };
      expect(update.required ?? []).toEqual([]);
      expect(update.properties.name.nullable).not.toBe(true);
      for (const field of ['brandImageUrl', 'wordmarkImageUrl', 'websiteUrl'])
        expect(update.properties[field].nullable).toBe(true);
    });

    it('marks websiteUrl deprecated in the Organisation request and response schemas', () => {
      const organisationSchemas = Object.entries(document.components.schemas).filter(
        ([name, schema]) => /organisation/i.test(name) && schema.properties?.websiteUrl,
      );
      expect(organisationSchemas.length).toBeGreaterThanOrEqual(2);
      for (const [, schema] of organisationSchemas) expect(schema.properties!.websiteUrl.deprecated).toBe(true);

      const patch = document.paths['/v1/organisations/{organisationId}'].patch as Operation & {
        requestBody: { content: Record<string, { schema: Schema }> };
        responses: Record<string, { content: Record<string, { schema: Schema }> }>;
      };
      expect(
        schemaOf(patch.requestBody.content['application/json'].schema.$ref!).properties!.websiteUrl.deprecated,
      ).toBe(true);
      expect(
        schemaOf(patch.responses['200'].content['application/json'].schema.$ref!).properties!.websiteUrl.deprecated,
      ).toBe(true);
      expect(
        schemaOf(patch.responses['200'].content['application/json'].schema.$ref!).properties!.name.deprecated,
      ).toBeUndefined();
    });
  });
});

describe('what the OpenAPI document promises every route', () => {
  type Header = { schema?: { type?: string } };
  type Answer = {
    description: string;
    headers?: Record<string, Header>;
    content?: Record<string, { schema: { $ref?: string } }>;
  };
  type Operation = {
    operationId: string;
    security?: Array<Record<string, string[]>>;
    requestBody?: unknown;
    responses: Record<string, Answer>;
  };
  type Property = {
    example?: unknown;
    $ref?: string;
    allOf?: Property[];
    oneOf?: Property[];
    anyOf?: Property[];
    items?: Property;
    properties?: Record<string, Property>;
  };
  let document: {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, { properties?: Record<string, Property> }> };
  };

  beforeAll(async () => {
    document = (await t.http().get('/docs/openapi.json').expect(200)).body;
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
        .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, path, operation })),
    );

  /** Routes whose answer for `status` is missing or is not a problem+json ProblemDto. */
  const withoutProblem = (routes: ReturnType<typeof operations>, status: string) =>
    routes
      .filter(
        ({ operation }) =>
          operation.responses[status]?.content?.['application/problem+json']?.schema.$ref !==
          '#/components/schemas/ProblemDto',
      )
      .map(({ route }) => `${route} ${status}`);

  /** Health probes, and Stripe's deliveries (a burst of them must not be refused). */
  const neverRateLimited = (path: string) => path.startsWith('/health/') || path === '/v1/stripe/webhooks';

  it('documents a 500 problem on every operation, and 413 and 415 problems on every operation with a body', () => {
    const all = operations();
    const withBody = all.filter(({ operation }) => operation.requestBody !== undefined);
    expect(withBody.length).toBeGreaterThan(10);
    expect(withoutProblem(all, '500')).toEqual([]);
    expect([...withoutProblem(withBody, '413'), ...withoutProblem(withBody, '415')]).toEqual([]);
  });

  it("documents 401, 403 and 429 on every keyed operation, and 429 on every operation but health probes and Stripe's webhooks", () => {
    const all = operations();
    const publicRoutes = all.filter(({ operation }) => !operation.security?.length).map(({ route }) => route);
    expect(publicRoutes.sort()).toEqual([
      'GET /health/live',
      'GET /health/ready',
      'GET /v1/organisations/{organisationId}/availability',
      'GET /v1/organisations/{organisationId}/booking-data',
      'GET /v1/payment-links/{token}',
      'GET /v1/public-bookings/{manageToken}',
      'POST /v1/organisations/{organisationId}/public-bookings',
      'POST /v1/payment-links/{token}/pay',
      'POST /v1/public-bookings/{manageToken}/cancel',
      'POST /v1/public-bookings/{manageToken}/reschedule',
      'POST /v1/stripe/webhooks',
    ]);
    const keyed = all.filter(({ operation }) => operation.security?.length);
    expect(['401', '403', '429'].flatMap((status) => withoutProblem(keyed, status))).toEqual([]);
    expect(
      withoutProblem(
        all.filter(({ path }) => !neverRateLimited(path)),
        '429',
      ),
    ).toEqual([]);
    expect(
      all
        .filter(({ path, operation }) => neverRateLimited(path) && operation.responses['429'])
        .map(({ route }) => route),
    ).toEqual([]);
  });

  it('documents X-Request-Id on every answer, the RateLimit headers on every rate-limited answer, and Retry-After on 429', () => {
    const missing: string[] = [];
    for (const { route, path, operation } of operations()) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        const expected = ['X-Request-Id'];
        if (!neverRateLimited(path) && status !== '401' && status !== '403')
          expected.push('RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset');
        if (status === '429') expected.push('Retry-After');
        if (status === '201' && route !== 'POST /v1/api-keys') expected.push('Location');
        for (const name of expected) if (!answer.headers?.[name]?.schema) missing.push(`${route} ${status} ${name}`);
      }
    }
    expect(missing).toEqual([]);
    const bookingData = document.paths['/v1/organisations/{organisationId}/booking-data'].get.responses;
    for (const status of ['200', '304'])
      expect(Object.keys(bookingData[status].headers ?? {})).toEqual(expect.arrayContaining(['ETag', 'Cache-Control']));
    expect(
      Object.keys(document.paths['/v1/organisations/{organisationId}'].patch.responses['200'].headers ?? {}),
    ).toContain('Deprecation');
    expect(Object.keys(document.paths['/health/live'].get.responses['200'].headers ?? {})).toEqual(['X-Request-Id']);
  });

  it('sends the headers it documents', async () => {
    const fresh = await postOrganisation({ name: named('Documented Headers Clinic') }).expect(201);
    const bookingData = () => t.http().get(`/v1/organisations/${orgA.id}/booking-data`);
    const etag = (await bookingData().expect(200)).headers.etag;
    const cases: Array<[string, string, string, () => Promise<Response>]> = [
      [
        'get',
        '/v1/organisations/{organisationId}',
        '200',
        () => t.http().get(`/v1/organisations/${orgA.id}`).set('Authorization', t.platformAuth),
      ],
      [
        'get',
        '/v1/organisations/{organisationId}',
        '404',
        () =>
          t
            .http()
            .get(`/v1/organisations/${newPrefixedId('org')}`)
            .set('Authorization', t.platformAuth),
      ],
      ['get', '/v1/organisations/{organisationId}', '401', () => t.http().get(`/v1/organisations/${orgA.id}`)],
      [
        'get',
        '/v1/organisations/{organisationId}',
        '403',
        () => t.http().get(`/v1/organisations/${orgB.id}`).set('Authorization', orgA.auth),
      ],
      ['post', '/v1/organisations', '201', () => postOrganisation({ name: named('Documented Location Clinic') })],
      ['post', '/v1/organisations', '400', () => postOrganisation({ name: '' })],
      ['post', '/v1/organisations', '413', () => postOrganisation({ name: 'x'.repeat(110 * 1024) })],
      [
        'post',
        '/v1/organisations',
        '415',
        () =>
          t
            .http()
            .post('/v1/organisations')
            .set('Authorization', t.platformAuth)
            .set('Content-Type', 'text/plain')
            .send('{}'),
      ],
      ['post', '/v1/api-keys', '201', () => postApiKey({ name: `Documented headers ${RUN}` })],
      [
        'patch',
        '/v1/organisations/{organisationId}',
        '200',
        () =>
          t
            .http()
            .patch(`/v1/organisations/${fresh.body.id}`)
            .set('Authorization', t.platformAuth)
            .send({ websiteUrl: 'https://example.com' }),
      ],
      ['get', '/v1/organisations/{organisationId}/booking-data', '200', bookingData],
      ['get', '/v1/organisations/{organisationId}/booking-data', '304', () => bookingData().set('If-None-Match', etag)],
      ['get', '/health/live', '200', () => t.http().get('/health/live')],
    ];
    for (const [method, path, status, send] of cases) {
      const response = await send();
      expect(`${method} ${path} ${response.status}`).toBe(`${method} ${path} ${status}`);
      const documented = Object.keys(document.paths[path][method].responses[status].headers ?? {});
      const unsent = documented.filter((name) => response.headers[name.toLowerCase()] === undefined);
      expect(`${method} ${path} ${status}: ${unsent.join(', ')}`).toBe(`${method} ${path} ${status}: `);
    }
    // The one 201 without a Location documents none.
    expect((await postApiKey({ name: `No location ${RUN}` }).expect(201)).headers.location).toBeUndefined();
    expect(document.paths['/v1/api-keys'].post.responses['201'].headers?.Location).toBeUndefined();
  });

  it('gives every schema property an example, or a reference to a schema whose properties have them', () => {
    const hasExample = (property: Property): boolean =>
      property.example !== undefined ||
      property.$ref !== undefined ||
      [...(property.allOf ?? []), ...(property.oneOf ?? []), ...(property.anyOf ?? [])].some(
        (part) => part.$ref !== undefined,
      ) ||
      property.items?.$ref !== undefined ||
      (property.properties !== undefined && Object.values(property.properties).every(hasExample));
    const schemas = Object.entries(document.components.schemas);
    expect(schemas.length).toBeGreaterThan(20);
    const missing = schemas.flatMap(([schema, { properties }]) =>
      Object.entries(properties ?? {})
        .filter(([, property]) => !hasExample(property))
        .map(([name]) => `${schema}.${name}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('Swagger UI at every address of /docs', () => {
  /** The page at `address`, after one redirect, and the status of each asset it links, resolved as a browser would. */
  async function assetsOf(address: string) {
    let at = address;
    let page = await t.http().get(at);
    if (page.status === 301) {
      at = page.headers.location;
      page = await t.http().get(at);
    }
    expect([address, page.status, page.headers['content-type']]).toEqual([
      address,
      200,
      expect.stringMatching(/^text\/html/),
    ]);
    const links = [...page.text.matchAll(/(?:href|src)="([^"]+)"/g)].map(
      (match) => new URL(match[1], `http://localhost${at}`).pathname,
    );
    expect(links.length).toBeGreaterThanOrEqual(3);
    return Promise.all(links.map(async (link) => `${link} ${(await t.http().get(link)).status}`));
  }

  it.each(['/docs', '/docs/', '/docs/index.html', '/docs/?tab=auth', '/docs/index.html?tab=auth'])(
    'serves %s with every asset it links',
    async (address) => {
      const assets = await assetsOf(address);
      expect(assets.filter((asset) => !asset.endsWith(' 200'))).toEqual([]);
      expect(assets.some((asset) => asset.startsWith('/docs/swagger-ui-init.js'))).toBe(true);
    },
  );

  it('redirects /docs/ to /docs, keeping the query', async () => {
    const response = await t.http().get('/docs/?tab=auth');
    expect([response.status, response.headers.location]).toEqual([301, '/docs?tab=auth']);
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});
