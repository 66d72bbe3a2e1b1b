import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { etagOf } from '@app/shared/domain';
import { type Body, created, createTenant, named, postJson, type Tenant } from './support/fixtures.js';
import { expectInvalid } from './support/problems.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let clinic: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  clinic = await createTenant(t, 'Sync Key Clinic');
});

afterAll(async () => {
  await t?.close();
});

const issue = (organisationId = clinic.id) =>
  created(postJson(t, '/v1/api-keys', { name: named('Front desk'), organisationId }));
const get = (path: string, auth = t.platformAuth) => t.http().get(path).set('Authorization', auth);
const revoke = (keyId: string) =>
  t.http().delete(`/v1/api-keys/${keyId}`).set('Authorization', t.platformAuth).expect(200);
const synced = async (since: Date, auth = t.platformAuth) =>
  (await get(`/v1/api-keys?limit=200&updatedSince=${since.toISOString()}`, auth).expect(200)).body;

/** An instant after `instant`: what changes from now on changes after it. */
async function after(instant: string): Promise<Date> {
  while (Date.now() <= Date.parse(instant)) await new Promise((resolve) => setTimeout(resolve, 2));
  return new Date();
}

describe('an API key', () => {
  it('answers its GET with updatedAt, equal to createdAt, and a strong ETag of it', async () => {
    const key = await issue();
    const got = await get(`/v1/api-keys/${key.id}`).expect(200);
    expect(got.body.updatedAt).toBe(key.createdAt);
    expect(got.headers.etag).toBe(etagOf(key.createdAt));
  });

  it('revoked, it changed: a sync meets it again, with a new ETag; revoking it again changes nothing', async () => {
    const key = await issue();
    const since = await after(key.updatedAt);
    expect((await synced(since)).items.map((item: Body) => item.id)).not.toContain(key.id);

    const revoked = (await revoke(key.id)).body;
    expect(Date.parse(revoked.updatedAt)).toBeGreaterThanOrEqual(since.getTime());
    const got = await get(`/v1/api-keys/${key.id}`).expect(200);
    expect(got.body).toEqual(revoked);
    expect(got.headers.etag).toBe(etagOf(revoked.updatedAt));
    expect((await synced(since)).items.find((item: Body) => item.id === key.id)).toEqual(revoked);

    expect((await revoke(key.id)).body).toEqual(revoked);
  });

  it('used, it changed (lastUsedAt): a sync meets it again', async () => {
    const key = await issue();
    const since = await after(key.updatedAt);
    await get(`/v1/organisations/${clinic.id}`, `Bearer ${key.key}`).expect(200);
    let got: Body = {};
    for (let tries = 0; !got.lastUsedAt && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      got = (await get(`/v1/api-keys/${key.id}`).expect(200)).body;
    }
    expect(got.updatedAt).toBe(got.lastUsedAt);
    expect((await synced(since)).items.find((item: Body) => item.id === key.id)).toEqual(got);
  });
});

describe('GET /v1/api-keys?updatedSince=', () => {
  it("pages an organisation's keys in `updatedAt, id` order, missing none revoked or issued between two pages, and none of another organisation", async () => {
    const tenant = await createTenant(t, 'Sync Key Pages');
    // The key the test reads with changes on its first use; once recorded, not again within the minute.
    const [own] = (await get('/v1/api-keys', tenant.auth).expect(200)).body.items;
    let used: Body = {};
    for (let tries = 0; !used.lastUsedAt && tries < 50; tries++)
      used = (await get(`/v1/api-keys/${own.id}`).expect(200)).body;
    const since = await after(used.updatedAt);
    const keys = [await issue(tenant.id), await issue(tenant.id), await issue(tenant.id)];
    await issue(clinic.id);
    const page = async (number: number) =>
      (await get(`/v1/api-keys?updatedSince=${since.toISOString()}&limit=2&page=${number}`, tenant.auth).expect(200))
        .body;

    const first = await page(1);
    expect(first.totalItems).toBe(3);
    const unread = keys.filter((key) => !first.items.some((item: Body) => item.id === key.id));
    await revoke(unread[0].id);
    const added = await issue(tenant.id);
    const rest = [...(await page(2)).items, ...(await page(3)).items];
    expect((await page(3)).totalItems).toBe(4);

    const read = [...first.items, ...rest].map((item: Body) => item.id);
    expect(read).toEqual(expect.arrayContaining([...keys.map((key) => key.id), added.id]));
    expect(rest.at(-1).id).toBe(added.id);
    expect(rest.find((item: Body) => item.id === unread[0].id).revokedAt).not.toBeNull();
    const order = [...first.items, ...rest].map((item: Body) => `${item.updatedAt} ${item.id}`);
    expect(order).toEqual([...order].sort());
  });

  it('refuses an instant without a zone, naming the parameter', async () => {
    expectInvalid(await get('/v1/api-keys?updatedSince=2026-11-22T05:28'), 'updatedSince');
  });
});
