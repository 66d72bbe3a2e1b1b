import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type Body,
  createBookableClinic,
  createClient,
  createOrganisation,
  created,
  orgPath,
  postJson,
  RUN,
  sql,
} from './support/fixtures.js';
import { EVENT_TYPES, EventRenderers } from '@app/shared/domain';
import { EventJobs } from '../libs/events/src/application/event-jobs.js';
import { freePort } from './support/free-port.js';
import { SilentListener } from './support/silent-listener.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

// Jobs in a schema of this file's own: another file's app must not run this file's deliveries.
const ENV = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1,1', JOBS_SCHEMA: `pgboss_${RUN}` };

let t: TestApp;
const receiver = new WebhookReceiver();
let receiverUrl: string;
/** The service's log lines at `warn` and above, parsed. */
const logged: Body[] = [];

beforeAll(async () => {
  const logDestination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logged.push(JSON.parse(line) as Body);
      done();
    },
  });
  t = await createTestApp({ ...ENV, LOG_LEVEL: 'warn' }, { logDestination });
  receiverUrl = await receiver.start();
});

afterAll(async () => {
  await t?.close();
  await receiver.stop();
});

const get = (path: string, auth = t.platformAuth) => t.http().get(path).set('Authorization', auth);
const post = (path: string, body: unknown = {}) => postJson(t, path, body);

const clinic = () => createBookableClinic(t, 'Webhook Clinic');

async function endpoint(organisationId: string, body: Body = {}) {
  const answer = await created(
    post(orgPath(organisationId, '/webhook-endpoints'), { url: receiverUrl, enabledEvents: ['*'], ...body }),
  );
  receiver.secret = answer.secret;
  return answer;
}

describe('webhook delivery', () => {
  it("has every event type's renderer registered by its context, so no change fails at record time for want of one", () => {
    const renderers = t.app.get(EventRenderers);
    expect(EVENT_TYPES.filter((type) => !renderers.has(type))).toEqual([]);
  });

  it('delivers booking.created, booking.cancelled, client.created and wallet_card.created once each, signed, and lists them in order', async () => {
    receiver.received.length = 0;
    receiver.answer = () => 200;
    const c = await clinic();
    const hook = await endpoint(c.id);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const booking = await created(
      post(orgPath(c.id, '/bookings'), {
        clientId: c.client.id,
        providerId: c.provider.id,
        locationId: c.location.id,
        appointmentTypeId: c.type.id,
        serviceDate: '2031-05-01T09:00:00.000Z',
      }),
    );
    const cancelled = (await post(orgPath(c.id, `/bookings/${booking.id}/cancel`)).expect(200)).body;
    const scoped = await created(postJson(t, '/v1/api-keys', { name: 'hooks', organisationId: c.id }));
    // An organisation key makes no members (platform keys only): its own client stands for a change made with it.
    const client = await created(
      postJson(t, orgPath(c.id, '/clients'), { firstName: 'Mia', lastName: 'Webb' }, `Bearer ${scoped.key}`),
    );
    const card = await created(
      post(orgPath(c.id, `/clients/${c.client.id}/wallet/cards`), {
        type: 'payment_method',
        paymentMethod: { paymentMethodId: 'pm_card_visa' },
      }),
    );

    const received = await receiver.waitFor(4);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received).toHaveLength(4);
    expect(received.every((r) => r.event)).toBe(true);
    const byType = Object.fromEntries(received.map((r) => [r.event!.type, r.event!]));
    expect(Object.keys(byType).sort()).toEqual([
      'booking.cancelled',
      'booking.created',
      'client.created',
      'wallet_card.created',
    ]);
    expect(byType['booking.created'].data).toEqual(booking);
    expect(byType['booking.cancelled'].data).toEqual(cancelled);
    expect(byType['client.created'].data).toEqual((await get(orgPath(c.id, `/clients/${client.id}`)).expect(200)).body);
    expect(byType['wallet_card.created'].data).toEqual(
      (await get(orgPath(c.id, `/clients/${c.client.id}/wallet/cards/${card.id}`)).expect(200)).body,
    );
    for (const r of received) expect(r.headers['webhook-id']).toBe(r.event!.id);

    const log = (
      await get(
        `/v1/events?type=booking.*,client.created,wallet_card.created&limit=200`,
        `Bearer ${scoped.key}`,
      ).expect(200)
    ).body;
    // The log also holds the clinic's first client, made before the endpoint existed and so never sent to it.
    expect(log.items.map((e: Body) => e.type)).toEqual([
      'wallet_card.created',
      'client.created',
      'booking.cancelled',
      'booking.created',
      'client.created',
    ]);
    expect(log.items[4].data).toEqual(c.client);
    expect(
      log.items
        .slice(0, 4)
        .map((e: Body) => e.id)
        .sort(),
    ).toEqual(received.map((r) => r.event!.id).sort());
    const one = (await get(`/v1/events/${log.items[3].id}`, `Bearer ${scoped.key}`).expect(200)).body;
    expect(one).toEqual(byType['booking.created']);
  });

  it('retries a failing receiver with the same webhook-id, and lists every attempt', async () => {
    receiver.received.length = 0;
    receiver.answer = (index) => (index < 2 ? 500 : 200);
    const c = await clinic();
    const hook = await endpoint(c.id, { enabledEvents: ['client.created'] });
    const client = await createClient(t, c.id, { firstName: 'Retry' });
    const events = (await get(`/v1/events?type=client.created&limit=200`).expect(200)).body.items;
    const eventId = events.find((e: Body) => e.data.id === client.id).id;

    const received = await receiver.waitForEvent(eventId, 3);
    expect(received.map((r) => r.event?.id)).toEqual([eventId, eventId, eventId]);
    const deliveries = async () =>
      (await get(orgPath(c.id, `/webhook-endpoints/${hook.id}/deliveries`)).expect(200)).body;
    let page = await deliveries();
    // The receiver hears an attempt before the worker records it: poll, up to 10 s. On the items,
    // not `totalItems`: the count is a second query, and may see a commit the page missed.
    for (let tries = 0; page.items.length < 3 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = await deliveries();
    }
    expect(page.items.map((d: Body) => [d.attempt, d.status, d.responseStatus])).toEqual([
      [3, 'succeeded', 200],
      [2, 'retrying', 500],
      [1, 'retrying', 500],
    ]);
    expect(page.items[2].nextAttemptAt).not.toBeNull();
  });

  it('sends a test event to the endpoint and re-sends a delivery on request', async () => {
    receiver.received.length = 0;
    receiver.answer = () => 200;
    const c = await clinic();
    const hook = await endpoint(c.id, { enabledEvents: ['booking.*'] });
    const accepted = (await post(orgPath(c.id, `/webhook-endpoints/${hook.id}/test`)).expect(202)).body;
    const [test] = await receiver.waitForEvent(accepted.eventId);
    expect(test.event).toMatchObject({ id: accepted.eventId, type: 'webhook_endpoint.test', organisationId: c.id });

    let page = (await get(orgPath(c.id, `/webhook-endpoints/${hook.id}/deliveries`)).expect(200)).body;
    for (let tries = 0; page.items.length < 1 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = (await get(orgPath(c.id, `/webhook-endpoints/${hook.id}/deliveries`))).body;
    }
    const retried = (
      await post(orgPath(c.id, `/webhook-endpoints/${hook.id}/deliveries/${page.items[0].id}/retry`)).expect(202)
    ).body;
    expect(retried).toEqual({ eventId: accepted.eventId, attempt: 2 });
    const again = await receiver.waitForEvent(accepted.eventId, 2);
    expect(again[1].event).toMatchObject({ id: accepted.eventId, type: 'webhook_endpoint.test' });
  });

  it('keeps secrets sealed at rest, and signs with the old secret too for a day after a rotation', async () => {
    receiver.received.length = 0;
    receiver.answer = () => 200;
    const c = await clinic();
    const hook = await endpoint(c.id);
    const stored = async () =>
      (
        await sql<{ secret: string; previous_secret: string | null }>(
          t,
          'select secret, previous_secret from webhook_endpoints where id = ?',
          [hook.id],
        )
      )[0];
    const atCreation = await stored();
    expect(atCreation).toEqual({ secret: expect.stringMatching(/^v1:/), previous_secret: null });
    expect(atCreation.secret).not.toContain(hook.secret.slice('whsec_'.length));

    const rotated = (await post(orgPath(c.id, `/webhook-endpoints/${hook.id}/rotate-secret`)).expect(200)).body;
    expect(rotated.secret).not.toBe(hook.secret);
    const afterRotation = await stored();
    expect(afterRotation).toEqual({ secret: expect.stringMatching(/^v1:/), previous_secret: atCreation.secret });
    expect(JSON.stringify(afterRotation)).not.toContain(rotated.secret.slice('whsec_'.length));

    // The receiver verifies with `standardwebhooks`: a delivery is signed with each secret.
    for (const secret of [hook.secret, rotated.secret]) {
      receiver.secret = secret;
      const accepted = (await post(orgPath(c.id, `/webhook-endpoints/${hook.id}/test`)).expect(202)).body;
      const [delivery] = await receiver.waitForEvent(accepted.eventId);
      expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(delivery.event).toMatchObject({ id: accepted.eventId, type: 'webhook_endpoint.test' });
    }
  });

  it('records nothing for a change that rolls back', async () => {
    const c = await clinic();
    const before = (await get(`/v1/events?type=member.created&limit=1`).expect(200)).body.totalItems;
    const email = `taken.${RUN}@example.com`;
    await created(postJson(t, '/v1/members', { firstName: 'A', lastName: 'B', email }));
    await postJson(t, '/v1/members', { firstName: 'A', lastName: 'B', email: email.toUpperCase() }).expect(409);
    expect((await get(`/v1/events?type=member.created&limit=1`).expect(200)).body.totalItems).toBe(before + 1);
    expect(c.id).toMatch(/^org_/);
  });
});

describe('delivery failures', () => {
  it("lists each failed attempt's class, never the socket's or TLS library's words, which go to the service's log", async () => {
    receiver.answer = () => 500;
    const silent = new SilentListener();
    const silentUrl = await silent.start();
    try {
      const c = await clinic();
      const urls = {
        http_status: receiverUrl,
        connection_refused: `http://127.0.0.1:${await freePort()}/hooks`,
        timeout: silentUrl,
        // TLS spoken to a plain-HTTP receiver: the TLS library's own words come back.
        tls_error: receiverUrl.replace(/^http:/, 'https:'),
        // The unspecified address: the connect-time agent refuses it even with private URLs allowed.
        address_refused: `http://0.0.0.0:${new URL(receiverUrl).port}/hooks`,
      };
      const hooks = Object.fromEntries(
        await Promise.all(
          Object.entries(urls).map(async ([failure, url]) => {
            const hook = await endpoint(c.id, { url, enabledEvents: ['webhook_endpoint.test'] });
            await post(orgPath(c.id, `/webhook-endpoints/${hook.id}/test`)).expect(202);
            return [failure, hook.id as string] as const;
          }),
        ),
      );

      // The attempt is recorded after the receiver hears it; the silent receiver holds it for the sender's whole 10 s.
      const recorded = async (endpointId: string): Promise<Body> => {
        for (
          const deadline = Date.now() + 20_000;
          Date.now() < deadline;
          await new Promise((resolve) => setTimeout(resolve, 200))
        ) {
          const [delivery] = (await get(orgPath(c.id, `/webhook-endpoints/${endpointId}/deliveries`)).expect(200)).body
            .items as Body[];
          if (delivery) return delivery;
        }
        throw new Error(`no delivery recorded for ${endpointId}`);
      };
      const listed = Object.fromEntries(
        await Promise.all(Object.entries(hooks).map(async ([failure, id]) => [failure, await recorded(id)] as const)),
      );
      expect(
        Object.fromEntries(Object.entries(listed).map(([failure, delivery]) => [failure, delivery.error])),
      ).toEqual({
        http_status: 'http_status',
        connection_refused: 'connection_refused',
        timeout: 'timeout',
        tls_error: 'tls_error',
        address_refused: 'address_refused',
      });
      expect(listed.http_status.responseStatus).toBe(500);

      const failuresLogged = logged.filter(
        (line) => line.msg === 'Webhook delivery failed' && Object.values(hooks).includes(line.endpointId),
      );
      expect(Object.fromEntries(failuresLogged.map((line) => [line.failure, line.endpointId]))).toEqual(hooks);
      const detailOf = (failure: string) => failuresLogged.find((line) => line.failure === failure)?.detail;
      expect(detailOf('connection_refused')).toContain('ECONNREFUSED');
      expect(detailOf('tls_error')).toMatch(/SSL|TLS/);
      expect(detailOf('http_status')).toBe('answered 500');
    } finally {
      await silent.stop();
    }
  }, 40_000);
});

describe('the event log', () => {
  const patch = (path: string, body: Body) =>
    t.http().patch(path).set('Authorization', t.platformAuth).set('Content-Type', 'application/json').send(body);
  const eventOf = async (type: string, id: string) => {
    const items = (await get(`/v1/events?type=${type}&limit=200`).expect(200)).body.items as Body[];
    return items.filter((e) => e.data.id === id);
  };

  it('holds organisation, provider and client events with the data their GET answers', async () => {
    const c = await clinic();
    const renamed = (await patch(orgPath(c.id), { name: `Renamed ${RUN}` }).expect(200)).body;
    const enabledBefore = (await get(orgPath(c.id)).expect(200)).body.bookingsEnabled;
    await patch(orgPath(c.id, '/booking-settings'), { bookingsEnabled: !enabledBefore }).expect(200);
    await t
      .http()
      .delete(orgPath(c.id, `/providers/${c.provider.id}`))
      .set('Authorization', t.platformAuth)
      .expect(200);

    const organisation = (await get(orgPath(c.id)).expect(200)).body;
    const updates = await eventOf('organisation.updated', c.id);
    expect(updates.map((e) => e.data)).toEqual([organisation, renamed]);
    expect(renamed).toEqual({ ...organisation, bookingsEnabled: enabledBefore, updatedAt: renamed.updatedAt });
    expect((await eventOf('provider.created', c.provider.id)).map((e) => e.data)).toEqual([c.provider]);
    expect((await eventOf('provider.deleted', c.provider.id)).map((e) => e.data)).toEqual([
      (await get(orgPath(c.id, `/providers/${c.provider.id}`)).expect(200)).body,
    ]);
    expect((await eventOf('client.created', c.client.id)).map((e) => e.data)).toEqual([
      (await get(orgPath(c.id, `/clients/${c.client.id}`)).expect(200)).body,
    ]);

    const scoped = await created(postJson(t, '/v1/api-keys', { name: 'log', organisationId: c.id }));
    const other = await clinic();
    const seen = (await get(`/v1/events?limit=200`, `Bearer ${scoped.key}`).expect(200)).body.items as Body[];
    expect(seen.every((e) => e.organisationId === c.id)).toBe(true);
    const foreign = (await eventOf('client.created', other.client.id))[0];
    await get(`/v1/events/${foreign.id}`, `Bearer ${scoped.key}`).expect(404);
  });
});

describe('upkeep', () => {
  it('disables an endpoint whose deliveries have all failed for three days, and says so in an event', async () => {
    receiver.received.length = 0;
    receiver.answer = () => 500;
    const c = await clinic();
    const hook = await endpoint(c.id, { enabledEvents: ['client.created'] });
    await sql(t, `update webhook_endpoints set failing_since = now() - interval '73 hours' where id = ?`, [hook.id]);
    await createClient(t, c.id, { firstName: 'Unlucky' });
    await receiver.waitFor(1);
    let status = '';
    for (let tries = 0; status !== 'disabled' && tries < 60; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await get(orgPath(c.id, `/webhook-endpoints/${hook.id}`)).expect(200)).body.status;
    }
    expect(status).toBe('disabled');
    const events = (await get(`/v1/events?type=webhook_endpoint.disabled&limit=200`).expect(200)).body.items;
    expect(events.find((e: Body) => e.data.id === hook.id)).toMatchObject({
      organisationId: c.id,
      data: { status: 'disabled' },
    });
    expect(events.find((e: Body) => e.data.id === hook.id).data).not.toHaveProperty('secret');
  });

  it('purges events and deliveries older than 30 days', async () => {
    const c = await clinic();
    const old = `evt_${'0'.repeat(20)}${RUN.slice(0, 7)}`;
    await sql(
      t,
      `insert into events (id, type, organisation_id, data, created_at) values (?, 'client.created', ?, '{}', now() - interval '31 days')`,
      [old, c.id],
    );
    await get(`/v1/events/${old}`).expect(200);
    await t.app.get(EventJobs).purge();
    await get(`/v1/events/${old}`).expect(404);
    expect((await get(`/v1/events?limit=1`).expect(200)).body.totalItems).toBeGreaterThan(0);
  });
});

describe('webhook endpoints', () => {
  it('manages an endpoint: list, get, update, delete; the secret only in the create answer', async () => {
    const c = await clinic();
    const hook = await endpoint(c.id, { description: 'PMS', enabledEvents: ['booking.*'] });
    const path = orgPath(c.id, `/webhook-endpoints/${hook.id}`);
    const fetched = (await get(path).expect(200)).body;
    expect(fetched).not.toHaveProperty('secret');
    expect((await get(orgPath(c.id, '/webhook-endpoints')).expect(200)).body.items.map((e: Body) => e.id)).toEqual([
      hook.id,
    ]);
    const changed = await t
      .http()
      .patch(path)
      .set('Authorization', t.platformAuth)
      .set('Content-Type', 'application/json')
      .send({ status: 'disabled', description: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ status: 'disabled', description: null, enabledEvents: ['booking.*'] });
    await t.http().delete(path).set('Authorization', t.platformAuth).expect(204);
    await get(path).expect(404);
  });

  it('holds at most 16 endpoints per organisation, even when asked for at once: one more is 409 webhook_endpoint_limit', async () => {
    const { id } = await createOrganisation(t, 'Endpoint Limit');
    const ask = () =>
      post(orgPath(id, '/webhook-endpoints'), { url: receiverUrl, enabledEvents: ['webhook_endpoint.test'] });
    const answers = await Promise.all(Array.from({ length: 20 }, ask));
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(16).fill(201), ...Array(4).fill(409)]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body).toMatchObject({
      code: 'webhook_endpoint_limit',
      limit: 16,
      detail: expect.stringContaining('16'),
    });
    expect((await get(orgPath(id, '/webhook-endpoints?limit=100')).expect(200)).body.totalItems).toBe(16);

    // Deleting one makes room for one.
    const kept = answers.find((answer) => answer.status === 201)!.body;
    await t
      .http()
      .delete(orgPath(id, `/webhook-endpoints/${kept.id}`))
      .set('Authorization', t.platformAuth)
      .expect(204);
    await ask().expect(201);
    await ask().expect(409);
  });

  it('refuses bad input with problem details', async () => {
    const c = await clinic();
    const bad = async (body: Body, field: string) => {
      const answer = await post(orgPath(c.id, '/webhook-endpoints'), body).expect(400);
      expect(answer.body.errors.map((e: Body) => e.field)).toContain(field);
    };
    await bad({ url: 'not a url', enabledEvents: ['*'] }, 'url');
    await bad({ url: 'https://hooks.example.com', enabledEvents: ['booking.exploded'] }, 'enabledEvents');
    await bad({ url: 'https://hooks.example.com', enabledEvents: [] }, 'enabledEvents');
    await get(`/v1/events?type=nothing.here`).expect(400);
    await get(`/v1/events?createdAtMin=yesterday`).expect(400);
    await get(`/v1/events/evt_notanid`).expect(404);
    await get(orgPath(c.id, '/webhook-endpoints/0193a6f7-0000-7000-8000-000000000000')).expect(404);
  });
});
