import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type Body,
  created,
  createTenant,
  ISO_INSTANT,
  named,
  postJson,
  sql,
  type Tenant,
  untilStatus,
} from './support/fixtures.js';
import { expectInvalid, expectNotFound, expectProblem } from './support/problems.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const REVOCATION_DEADLINE_MS = 5_000;
const LISTED_FIELDS = [
  'createdAt',
  'expiresAt',
  'id',
  'lastUsedAt',
  'name',
  'organisationId',
  'revokedAt',
  'updatedAt',
];

let first: TestApp;
let second: TestApp;
let clinic: Tenant;
let otherClinic: Tenant;

beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp();
  clinic = await createTenant(first, 'Key Clinic');
  otherClinic = await createTenant(first, 'Other Key Clinic');
});

afterAll(async () => {
  await first?.close();
  await second?.close();
});

const issue = (body: Body) => created(postJson(first, '/v1/api-keys', { name: named('Reception desk'), ...body }));
const bearer = (key: Body) => `Bearer ${key.key}`;
const get = (app: TestApp, path: string, auth: string) => app.http().get(path).set('Authorization', auth);
const revoke = (app: TestApp, keyId: string, auth: string) =>
  app.http().delete(`/v1/api-keys/${keyId}`).set('Authorization', auth);
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

describe('POST /v1/api-keys', () => {
  it('issues a key with an expiry, showing its secret once', async () => {
    const expiresAt = '2099-06-30T23:59:59.000+10:00';
    const response = await postJson(first, '/v1/api-keys', {
      name: named('Booking page'),
      organisationId: clinic.id,
      expiresAt,
    }).expect(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^key_/),
      name: named('Booking page'),
      organisationId: clinic.id,
      key: expect.stringMatching(/^sk_/),
      createdAt: expect.stringMatching(ISO_INSTANT),
      updatedAt: response.body.createdAt,
      expiresAt: '2099-06-30T13:59:59.000Z',
      lastUsedAt: null,
      revokedAt: null,
    });
    const shown = await get(first, `/v1/api-keys/${response.body.id}`, first.platformAuth).expect(200);
    expect(Object.keys(shown.body).sort()).toEqual(LISTED_FIELDS);
    expect(JSON.stringify(shown.body)).not.toContain(response.body.key);
  });

  it.each([
    ['without an offset', '2099-01-01T10:00:00'],
    ['a date without a time', '2099-01-01'],
    ['not a date', 'next tuesday'],
    ['not a string', 1_900_000_000],
    ['an impossible date', '2099-02-30T10:00:00Z'],
  ])('refuses expiresAt %s', async (_, expiresAt) => {
    expectInvalid(await postJson(first, '/v1/api-keys', { name: named('Bad expiry'), expiresAt }), 'expiresAt');
  });

  it('refuses expiresAt in the past, and issues nothing', async () => {
    const name = named('Already expired');
    expectInvalid(
      await postJson(first, '/v1/api-keys', { name, expiresAt: '2020-01-01T00:00:00Z' }),
      'expiresAt',
      'not_in_future',
    );
    expect(await sql(first, 'select id from api_keys where name = ?', [name])).toEqual([]);
  });

  it('is for platform keys only', async () => {
    expectProblem(
      await postJson(first, '/v1/api-keys', { name: named('Self-issued'), organisationId: clinic.id }, clinic.auth),
      403,
      'forbidden',
    );
  });
});

describe('GET /v1/api-keys', () => {
  it("shows an organisation key its organisation's keys only, newest first, never a secret", async () => {
    const older = await issue({ organisationId: clinic.id });
    const newer = await issue({ organisationId: clinic.id });
    await issue({ organisationId: otherClinic.id });
    const response = await get(first, '/v1/api-keys?limit=200', clinic.auth).expect(200);
    const items: Body[] = response.body.items;
    expect(items.every((item) => item.organisationId === clinic.id)).toBe(true);
    expect(response.body.totalItems).toBe(items.length);
    const ids = items.map((item) => item.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(older.id)).toBeGreaterThanOrEqual(0);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(LISTED_FIELDS);
    expect(response.text).not.toContain(older.key);
  });

  it('shows a platform key every key, in pages ordered by createdAt then id, newest first', async () => {
    await issue({});
    const page1 = await get(first, '/v1/api-keys?limit=2&page=1', first.platformAuth).expect(200);
    const page2 = await get(first, '/v1/api-keys?limit=2&page=2', first.platformAuth).expect(200);
    expect(page1.body).toMatchObject({ page: 1, limit: 2, totalPages: Math.ceil(page1.body.totalItems / 2) });
    const items: Body[] = [...page1.body.items, ...page2.body.items];
    expect(items).toHaveLength(4);
    const order = items.map((item) => [item.createdAt, item.id].join(' '));
    expect(order).toEqual([...order].sort().reverse());
    const organisations = (await get(first, '/v1/api-keys?limit=200', first.platformAuth)).body.items.map(
      (item: Body) => item.organisationId,
    );
    expect(organisations).toEqual(expect.arrayContaining([null, clinic.id, otherClinic.id]));
  });

  it.each(['page=0', 'limit=201', 'limit=ten'])('refuses %s', async (query) => {
    expectProblem(await get(first, `/v1/api-keys?${query}`, first.platformAuth), 400, 'validation_failed');
  });
});

describe('GET /v1/api-keys/{keyId}', () => {
  it("answers 404 to an organisation key for another organisation's key and for a platform key", async () => {
    const foreign = await issue({ organisationId: otherClinic.id });
    const platform = await issue({});
    expectNotFound(await get(first, `/v1/api-keys/${foreign.id}`, clinic.auth));
    expectNotFound(await get(first, `/v1/api-keys/${platform.id}`, clinic.auth));
    await get(first, `/v1/api-keys/${foreign.id}`, otherClinic.auth).expect(200);
  });

  it('answers 404 for an id that names nothing or cannot be one', async () => {
    expectNotFound(await get(first, '/v1/api-keys/key_000000000000000000000000000', first.platformAuth));
    expectNotFound(await get(first, '/v1/api-keys/org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L', first.platformAuth));
    expectNotFound(await get(first, '/v1/api-keys/nonsense', first.platformAuth));
  });

  it('records lastUsedAt on use, at most once a minute', async () => {
    const key = await issue({ organisationId: clinic.id });
    await get(first, '/v1/organisations', bearer(key)).expect(200);
    const recorded = async () =>
      (await get(first, `/v1/api-keys/${key.id}`, first.platformAuth).expect(200)).body.lastUsedAt;
    const started = Date.now();
    while ((await recorded()) === null && Date.now() - started < 5_000)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const firstUse = await recorded();
    expect(firstUse).toMatch(ISO_INSTANT);
    expect(Math.abs(Date.parse(firstUse) - Date.now())).toBeLessThan(10_000);
    // Another use within the minute, on either instance, writes nothing.
    await get(second, '/v1/organisations', bearer(key)).expect(200);
    await get(first, '/v1/organisations', bearer(key)).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await recorded()).toBe(firstUse);
  });
});

describe('DELETE /v1/api-keys/{keyId}', () => {
  it('revokes: the key is refused with 401 and WWW-Authenticate, and revoking again keeps the first revokedAt', async () => {
    const key = await issue({ organisationId: clinic.id });
    await get(first, '/v1/organisations', bearer(key)).expect(200);
    const revoked = await revoke(first, key.id, clinic.auth).expect(200);
    expect(revoked.body).toMatchObject({
      id: key.id,
      organisationId: clinic.id,
      revokedAt: expect.stringMatching(ISO_INSTANT),
    });
    expect(revoked.body).not.toHaveProperty('key');

    const refused = await get(first, '/v1/organisations', bearer(key));
    expectProblem(refused, 401, 'unauthenticated');
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    expect(refused.body.detail).toMatch(/revoked/);

    const again = await revoke(first, key.id, first.platformAuth).expect(200);
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    expect((await get(first, `/v1/api-keys/${key.id}`, clinic.auth).expect(200)).body.revokedAt).toBe(
      revoked.body.revokedAt,
    );
  });

  it("lets an organisation key revoke neither another organisation's key nor a platform key", async () => {
    const foreign = await issue({ organisationId: otherClinic.id });
    const platform = await issue({});
    expectNotFound(await revoke(first, foreign.id, clinic.auth));
    expectNotFound(await revoke(first, platform.id, clinic.auth));
    await get(first, '/v1/organisations', bearer(foreign)).expect(200);
    await get(first, '/v1/organisations', bearer(platform)).expect(200);
    expect((await get(first, `/v1/api-keys/${platform.id}`, first.platformAuth)).body.revokedAt).toBeNull();
  });

  it('lets a key revoke itself', async () => {
    const key = await issue({ organisationId: clinic.id });
    const revoked = await revoke(first, key.id, bearer(key)).expect(200);
    expect(revoked.body.revokedAt).toMatch(ISO_INSTANT);
    expectProblem(await get(first, `/v1/api-keys/${key.id}`, bearer(key)), 401, 'unauthenticated');
  });

  it('answers 404 for a key that does not exist', async () => {
    expectNotFound(await revoke(first, 'key_000000000000000000000000000', first.platformAuth));
  });
});

// A revocation refused by every instance: test/several-instances.e2e-spec.ts.
describe('revocation and expiry on every instance', () => {
  it('still hears revocations after its listening connection was cut', async () => {
    const listeners = () =>
      sql<{ pid: number }>(
        first,
        `select pid from pg_stat_activity where application_name = ? and datname = current_database() and query ilike 'listen%'`,
        [`change-notices:${process.pid}`],
      );
    const before = (await listeners()).map(({ pid }) => pid);
    expect(before).toHaveLength(2);
    for (const pid of before) await sql(first, 'select pg_terminate_backend(?)', [pid]);
    const key = await issue({ organisationId: clinic.id });
    await get(second, '/v1/organisations', bearer(key)).expect(200);
    // Both instances listen again on new connections.
    const started = Date.now();
    let after: number[] = [];
    while (Date.now() - started < 10_000) {
      after = (await listeners()).map(({ pid }) => pid);
      if (after.length === 2 && after.every((pid) => !before.includes(pid))) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(after.filter((pid) => !before.includes(pid))).toHaveLength(2);
    await get(second, '/v1/organisations', bearer(key)).expect(200);
    await revoke(first, key.id, first.platformAuth).expect(200);
    await untilStatus(() => get(second, '/v1/organisations', bearer(key)), 401, REVOCATION_DEADLINE_MS);
  });

  it('refuses a key once it has expired, even one already cached', async () => {
    // Long enough to be used before it expires, even on a machine that stalls for a second.
    const key = await issue({ organisationId: clinic.id, expiresAt: inSeconds(4) });
    await get(second, '/v1/organisations', bearer(key)).expect(200);
    const { response } = await untilStatus(() => get(second, '/v1/organisations', bearer(key)), 401, 10_000);
    expectProblem(response, 401, 'unauthenticated');
    expect(response.body.detail).toMatch(/expired/);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    // The first instance never saw the key used: it looks it up, and refuses it as well.
    const looked = await get(first, '/v1/organisations', bearer(key));
    expectProblem(looked, 401, 'unauthenticated');
    expect(looked.body.detail).toMatch(/expired/);
    expect((await get(first, `/v1/api-keys/${key.id}`, first.platformAuth).expect(200)).body.expiresAt).toMatch(
      ISO_INSTANT,
    );
  });
});
