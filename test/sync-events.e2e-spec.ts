import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { etagOf } from '@app/shared/domain';
import { countRequestStatements } from './support/statement-counter.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';
import {
  type Body,
  createClient,
  createTenant,
  created,
  orgPath,
  postJson,
  RUN,
  sql,
  type Tenant,
} from './support/fixtures.js';
import { expectInvalid, expectProblem } from './support/problems.js';

// Deliveries to a receiver on 127.0.0.1, on jobs of this file's own schema.
const ENV = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1,1', JOBS_SCHEMA: `pgboss_${RUN}` };

let t: TestApp;
let home: Tenant;
let stranger: Tenant;
const receiver = new WebhookReceiver();
let receiverUrl: string;

beforeAll(async () => {
  t = await createTestApp(ENV);
  receiverUrl = await receiver.start();
  [home, stranger] = [await createTenant(t, 'Sync Events Clinic'), await createTenant(t, 'Sync Events Stranger')];
});

afterAll(async () => {
  await t?.close();
  await receiver.stop();
});

const endpointsPath = (rest = '') => orgPath(home.id, `/webhook-endpoints${rest}`);
const get = (path: string, auth = home.auth) => t.http().get(path).set('Authorization', auth);
const patch = (path: string, body: unknown, headers: Record<string, string> = {}, auth = home.auth) =>
  t
    .http()
    .patch(path)
    .set({ Authorization: auth, 'Content-Type': 'application/json', ...headers })
    .send(JSON.stringify(body));
const remove = (path: string, headers: Record<string, string> = {}) =>
  t
    .http()
    .delete(path)
    .set({ Authorization: home.auth, ...headers });
const newEndpoint = (body: Body = {}) =>
  created(
    postJson(
      t,
      endpointsPath(),
      { url: receiverUrl, enabledEvents: ['client.created'], description: 'PMS sync', ...body },
      home.auth,
    ),
  );

/** An instant after `instant`: what changes from now on changes after it. */
async function after(instant: string): Promise<Date> {
  while (Date.now() <= Date.parse(instant)) await new Promise((resolve) => setTimeout(resolve, 2));
  return new Date();
}

/** The endpoint as its GET answers it: the create answer without the secret. */
const withoutSecret = ({ secret: _secret, ...endpoint }: Body) => endpoint;

describe('a webhook endpoint', () => {
  it('answers its GET with a strong ETag of its updatedAt, equal to createdAt until it changes', async () => {
    const hook = await newEndpoint();
    const got = await get(endpointsPath(`/${hook.id}`)).expect(200);
    expect(got.body).toEqual(withoutSecret(hook));
    expect(got.body.updatedAt).toBe(got.body.createdAt);
    expect(got.headers.etag).toBe(etagOf(hook.updatedAt));
  });

  it('changes only the fields sent, clears description with null, and answers as its GET does, with the new ETag', async () => {
    const hook = await newEndpoint();
    await after(hook.updatedAt);
    const changed = await patch(endpointsPath(`/${hook.id}`), {
      enabledEvents: ['booking.*'],
      description: null,
    }).expect(200);
    expect(changed.body).toEqual({
      ...withoutSecret(hook),
      enabledEvents: ['booking.*'],
      description: null,
      updatedAt: changed.body.updatedAt,
    });
    expect(Date.parse(changed.body.updatedAt)).toBeGreaterThan(Date.parse(hook.updatedAt));
    const got = await get(endpointsPath(`/${hook.id}`)).expect(200);
    expect(got.body).toEqual(changed.body);
    expect(changed.headers.etag).toBe(got.headers.etag);
  });

  it.each([
    ['nothing', {}],
    ['only what it holds', { description: 'PMS sync', status: 'enabled', enabledEvents: ['client.created'] }],
  ])('changes nothing when sent %s: the same updatedAt and ETag', async (_case, body) => {
    const hook = await newEndpoint();
    const before = await get(endpointsPath(`/${hook.id}`)).expect(200);
    await after(hook.updatedAt);
    const answer = await patch(endpointsPath(`/${hook.id}`), body).expect(200);
    expect(answer.body).toEqual(before.body);
    expect(answer.headers.etag).toBe(before.headers.etag);
  });

  it.each([
    ['an unknown field', { colour: 'blue' }, 'colour'],
    ['a url of null', { url: null }, 'url'],
    ['enabledEvents of null', { enabledEvents: null }, 'enabledEvents'],
    ['an unknown status', { status: 'paused' }, 'status'],
  ])('refuses %s with 400 naming it, and changes nothing', async (_case, body, field) => {
    const hook = await newEndpoint();
    expectInvalid(await patch(endpointsPath(`/${hook.id}`), body), field);
    expect((await get(endpointsPath(`/${hook.id}`)).expect(200)).body).toEqual(withoutSecret(hook));
  });

  it('changes with If-Match only the version it names: a stale ETag is 412 and nothing changes; the current one goes through', async () => {
    const hook = await newEndpoint();
    const read = await get(endpointsPath(`/${hook.id}`)).expect(200);
    await after(hook.updatedAt);
    await patch(endpointsPath(`/${hook.id}`), { description: 'First' }).expect(200);

    expectProblem(
      await patch(endpointsPath(`/${hook.id}`), { description: 'Second' }, { 'If-Match': read.headers.etag }),
      412,
      'precondition_failed',
    );
    expectProblem(
      await remove(endpointsPath(`/${hook.id}`), { 'If-Match': read.headers.etag }),
      412,
      'precondition_failed',
    );
    const now = await get(endpointsPath(`/${hook.id}`)).expect(200);
    expect(now.body.description).toBe('First');

    const second = await patch(
      endpointsPath(`/${hook.id}`),
      { description: 'Second' },
      { 'If-Match': now.headers.etag },
    ).expect(200);
    expect(second.body.description).toBe('Second');
    await remove(endpointsPath(`/${hook.id}`), { 'If-Match': second.headers.etag }).expect(204);
    await get(endpointsPath(`/${hook.id}`)).expect(404);
  });

  it("is another organisation's to change: its key is 403, and the endpoint stays as it was", async () => {
    const hook = await newEndpoint();
    expectProblem(
      await patch(endpointsPath(`/${hook.id}`), { description: 'Mine' }, {}, stranger.auth),
      403,
      'forbidden',
    );
    expect((await get(endpointsPath(`/${hook.id}`)).expect(200)).body).toEqual(withoutSecret(hook));
  });

  it('rotating its secret changes it: a sync meets it again', async () => {
    const hook = await newEndpoint();
    const since = await after(hook.updatedAt);
    const rotated = (await postJson(t, endpointsPath(`/${hook.id}/rotate-secret`), {}, home.auth).expect(200)).body;
    expect(Date.parse(rotated.updatedAt)).toBeGreaterThanOrEqual(since.getTime());
    const { body } = await get(endpointsPath(`?updatedSince=${since.toISOString()}&limit=200`)).expect(200);
    expect(body.items.map((item: Body) => item.id)).toContain(hook.id);
  });

  it('disabled after three days of failed deliveries, it changed: a sync meets it again', async () => {
    receiver.answer = () => 500;
    const hook = await newEndpoint();
    await sql(t, `update webhook_endpoints set failing_since = now() - interval '73 hours' where id = ?`, [hook.id]);
    const since = await after(hook.updatedAt);
    await createClient(t, home.id, { firstName: 'Unlucky' }, home.auth);
    let got: Body = {};
    for (let tries = 0; got.status !== 'disabled' && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      got = (await get(endpointsPath(`/${hook.id}`)).expect(200)).body;
    }
    receiver.answer = () => 200;
    expect(got.status).toBe('disabled');
    expect(Date.parse(got.updatedAt)).toBeGreaterThanOrEqual(since.getTime());
    const { body } = await get(endpointsPath(`?updatedSince=${since.toISOString()}&limit=200`)).expect(200);
    expect(body.items.find((item: Body) => item.id === hook.id)).toEqual(got);
    await patch(endpointsPath(`/${hook.id}`), { status: 'disabled' }).expect(200);
  });
});

describe('GET …/webhook-endpoints?updatedSince=', () => {
  it('pages in `updatedAt, id` order, and misses nothing that changes or is added between two pages', async () => {
    const tenant = await createTenant(t, 'Sync Endpoints Clinic');
    const path = (rest: string) => orgPath(tenant.id, `/webhook-endpoints${rest}`);
    const since = new Date();
    const hooks: Body[] = [];
    for (let n = 0; n < 4; n++)
      hooks.push(
        await created(
          postJson(t, path(''), { url: receiverUrl, enabledEvents: ['*'], description: `Hook ${n}` }, tenant.auth),
        ),
      );
    const page = async (number: number) =>
      (await get(path(`?updatedSince=${since.toISOString()}&limit=2&page=${number}`), tenant.auth).expect(200)).body;

    const first = await page(1);
    expect(first.items.map((item: Body) => item.id)).toEqual([hooks[0].id, hooks[1].id]);
    await patch(path(`/${hooks[2].id}`), { description: 'Changed while unread' }, {}, tenant.auth).expect(200);
    const added = await created(postJson(t, path(''), { url: receiverUrl, enabledEvents: ['*'] }, tenant.auth));
    const rest = [...(await page(2)).items, ...(await page(3)).items];

    expect(rest.map((item: Body) => item.id)).toEqual([hooks[3].id, hooks[2].id, added.id]);
    expect(rest[1].description).toBe('Changed while unread');
    const order = [...first.items, ...rest].map((item: Body) => `${item.updatedAt} ${item.id}`);
    expect(order).toEqual([...order].sort());
    expect((await page(4)).totalItems).toBe(5);
  });

  it('refuses an instant without a zone, naming the parameter', async () => {
    expectInvalid(await get(endpointsPath('?updatedSince=2026-11-22')), 'updatedSince');
  });
});

describe('deliveries and events never change once made', () => {
  it('lists the delivery attempts made since `updatedSince`, oldest first', async () => {
    receiver.answer = () => 200;
    const hook = await newEndpoint();
    const deliveries = (rest = '') => get(endpointsPath(`/${hook.id}/deliveries${rest}`)).expect(200);
    const since = new Date();
    for (let n = 0; n < 2; n++) await postJson(t, endpointsPath(`/${hook.id}/test`), {}, home.auth).expect(202);
    let all: Body[] = [];
    for (let tries = 0; all.length < 2 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      all = (await deliveries()).body.items;
    }
    expect(all).toHaveLength(2);
    const synced = (await deliveries(`?updatedSince=${since.toISOString()}`)).body;
    expect(synced).toMatchObject({ totalItems: 2 });
    expect(synced.items).toEqual([...all].reverse());
    const later = new Date(Date.parse(all[0].createdAt) + 1);
    expect((await deliveries(`?updatedSince=${later.toISOString()}`)).body).toMatchObject({ items: [], totalItems: 0 });
  });

  it('lists the events that happened since `updatedSince`, oldest first, in as many statements as without it', async () => {
    const tenant = await createTenant(t, 'Sync Events Log');
    const since = new Date();
    const clients = [
      await createClient(t, tenant.id, {}, tenant.auth),
      await createClient(t, tenant.id, {}, tenant.auth),
    ];
    const events = async (rest: string) => (await get(`/v1/events?limit=200${rest}`, tenant.auth).expect(200)).body;
    const synced = await events(`&updatedSince=${since.toISOString()}`);
    expect(synced.items.map((event: Body) => [event.type, event.data.id])).toEqual(
      clients.map((client) => ['client.created', client.id]),
    );
    const newestFirst = await events('');
    expect(newestFirst.items.map((event: Body) => event.id)).toEqual(
      synced.items.map((event: Body) => event.id).reverse(),
    );

    // The list's own statements (a page and its count): this file's deliveries read events on jobs beside the request.
    const listing = (text: string) =>
      /\bfrom events\b/.test(text) && (/\boffset\b/.test(text) || /count\(\*\)/.test(text));
    const ofTheLog = async (path: string) =>
      (await countRequestStatements(() => get(path, tenant.auth).expect(200))).statements.filter(listing);
    const plain = await ofTheLog('/v1/events?limit=200');
    const sync = await ofTheLog(`/v1/events?limit=200&updatedSince=${since.toISOString()}`);
    expect(plain).toHaveLength(2);
    expect(sync).toHaveLength(plain.length);
  });
});
