import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PgBoss } from 'pg-boss';
import {
  type Body,
  created,
  createClient,
  createOrganisation,
  orgPath,
  postJson,
  RUN,
  sql,
} from './support/fixtures.js';
import { freePort } from './support/free-port.js';
import { SilentListener } from './support/silent-listener.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

const SCHEMA = `pgboss_${RUN}`;
const ENV = {
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_RETRY_SCHEDULE: '1',
  JOBS_SCHEMA: SCHEMA,
  JOBS_SUPERVISE_INTERVAL_SECONDS: '1',
};
const receiver = new WebhookReceiver();
let receiverUrl: string;
let a: TestApp;

beforeAll(async () => {
  a = await createTestApp(ENV);
  receiverUrl = await receiver.start();
});

afterAll(async () => {
  await a?.close();
  await receiver.stop();
});

async function subscribedOrganisation(app: TestApp): Promise<string> {
  const { id } = await createOrganisation(app, 'Guarantees');
  const hook = await created(
    postJson(app, orgPath(id, '/webhook-endpoints'), { url: receiverUrl, enabledEvents: ['client.created'] }),
  );
  receiver.secret = hook.secret;
  return id;
}

describe('delivery guarantees', () => {
  it('two instances on one database deliver each event once per endpoint', async () => {
    const b = await createTestApp(ENV);
    try {
      receiver.received.length = 0;
      receiver.answer = () => 200;
      const organisationId = await subscribedOrganisation(a);
      const clients = await Promise.all(
        Array.from({ length: 12 }, (_, i) => createClient(i % 2 ? a : b, organisationId, { firstName: `Twin${i}` })),
      );
      await receiver.waitFor(12);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const ids = receiver.received.map((r) => r.event?.id);
      expect(new Set(ids).size).toBe(12);
      expect(ids).toHaveLength(12);
      expect(receiver.received.map((r) => r.event!.data.id).sort()).toEqual(clients.map((c: Body) => c.id).sort());
    } finally {
      await b.close();
    }
  });

  it('a delivery whose worker died before it sent is delivered by another worker', async () => {
    receiver.received.length = 0;
    receiver.answer = () => 200;
    const organisationId = await subscribedOrganisation(a);
    // Only an instance that runs no jobs is left; the change commits with its delivery job queued.
    await a.close();
    a = await createTestApp({ ...ENV, JOB_WORKERS: 'false' });
    const client = await createClient(a, organisationId, { firstName: 'Crash' });
    // A worker claims the job and dies before it sends.
    const dying = new PgBoss({
      connectionString: process.env.DATABASE_URL!,
      schema: SCHEMA,
      supervise: false,
      schedule: false,
    });
    await dying.start();
    const [claimed] = await dying.fetch<{ eventId: string }>('webhooks.deliver');
    expect(claimed).toBeDefined();
    await dying.stop({ graceful: false });

    // A new instance with workers: the claimed job expires (its worker never finished) and runs again.
    await a.close();
    a = await createTestApp(ENV);
    expect(receiver.received).toHaveLength(0);
    const [delivered] = await receiver.waitFor(1, 40_000);
    expect(delivered.event).toMatchObject({
      id: claimed.data.eventId,
      type: 'client.created',
      data: { id: client.id },
    });
  }, 60_000);
});

describe('endpoints remembered per organisation', () => {
  const NOTICE_DEADLINE_MS = 5_000;
  const deliveredNamed = (firstName: string) =>
    receiver.received.some((received) => received.event?.data.firstName === firstName);

  /** Creates clients named `firstName` on `app` until one of them is delivered; answers how long that took. */
  async function untilDelivered(app: TestApp, organisationId: string, firstName: string): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < NOTICE_DEADLINE_MS) {
      await createClient(app, organisationId, { firstName });
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (deliveredNamed(firstName)) return Date.now() - started;
    }
    return Infinity;
  }

  /** A change committed a second ago has been heard by every instance: a client created now is not delivered. */
  async function expectNotDelivered(app: TestApp, organisationId: string, firstName: string): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await createClient(app, organisationId, { firstName });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(deliveredNamed(firstName)).toBe(false);
  }

  it('an endpoint added, disabled, enabled or deleted through one instance applies to the next events of another', async () => {
    const b = await createTestApp(ENV);
    try {
      receiver.received.length = 0;
      receiver.answer = () => 200;
      const { id: organisationId } = await createOrganisation(a, 'Notices');
      // b looks the organisation's endpoints up (there are none) and remembers them.
      await createClient(b, organisationId, { firstName: 'Before' });
      const hook = await created(
        postJson(a, orgPath(organisationId, '/webhook-endpoints'), {
          url: receiverUrl,
          enabledEvents: ['client.created'],
        }),
      );
      receiver.secret = hook.secret;
      expect(await untilDelivered(b, organisationId, 'Added')).toBeLessThan(NOTICE_DEADLINE_MS);

      const path = orgPath(organisationId, `/webhook-endpoints/${hook.id}`);
      const patch = (body: Body) =>
        a
          .http()
          .patch(path)
          .set('Authorization', a.platformAuth)
          .set('Content-Type', 'application/json')
          .send(body)
          .expect(200);
      await patch({ status: 'disabled' });
      await expectNotDelivered(b, organisationId, 'Disabled');
      await patch({ status: 'enabled' });
      expect(await untilDelivered(b, organisationId, 'Enabled')).toBeLessThan(NOTICE_DEADLINE_MS);
      await a.http().delete(path).set('Authorization', a.platformAuth).expect(204);
      await expectNotDelivered(b, organisationId, 'Deleted');
      expect(deliveredNamed('Before')).toBe(false);
    } finally {
      await b.close();
    }
  }, 60_000);
});

describe('webhook URL rules at endpoint create, without the override', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ JOBS_SCHEMA: `${SCHEMA}_strict` });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it.each([
    'http://127.0.0.1/hooks',
    'https://127.0.0.1/hooks',
    'http://169.254.169.254/latest',
    'https://169.254.169.254/latest',
    'https://10.0.0.1/',
    'https://localhost/hooks',
    'https://[::1]/',
  ])('refuses %s', async (url) => {
    const { id } = await createOrganisation(strict, 'Strict');
    const answer = await postJson(strict, orgPath(id, '/webhook-endpoints'), { url, enabledEvents: ['*'] }).expect(400);
    expect(answer.body).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'url', code: 'url_not_allowed' }],
    });
  });

  // IPv6 forms that carry a refused IPv4 address: compatible, mapped, NAT64, 6to4.
  const CARRYING_IPV4 = [
    'https://[::127.0.0.1]/',
    'https://[::ffff:169.254.169.254]/',
    'https://[64:ff9b::10.0.0.1]/',
    'https://[2002:7f00:1::1]/',
  ];

  it.each(CARRYING_IPV4)('refuses %s at create and at update, naming url, and keeps the URL it had', async (url) => {
    const { id } = await createOrganisation(strict, 'Strict');
    const refused = await postJson(strict, orgPath(id, '/webhook-endpoints'), { url, enabledEvents: ['*'] }).expect(
      400,
    );
    expect(refused.body).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'url', code: 'url_not_allowed' }],
    });

    // An address literal: the rules resolve host names, and this test sends nothing to the network.
    const hook = await created(
      postJson(strict, orgPath(id, '/webhook-endpoints'), {
        url: 'https://8.8.8.8/hooks',
        enabledEvents: ['client.created'],
      }),
    );
    const path = orgPath(id, `/webhook-endpoints/${hook.id}`);
    const changed = await strict
      .http()
      .patch(path)
      .set('Authorization', strict.platformAuth)
      .set('Content-Type', 'application/json')
      .send({ url });
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'url', code: 'url_not_allowed' }],
    });
    expect((await strict.http().get(path).set('Authorization', strict.platformAuth).expect(200)).body.url).toBe(
      'https://8.8.8.8/hooks',
    );
  });
});

describe('redirects', () => {
  it('are not followed: a 3xx toward a metadata address is a failed attempt', async () => {
    receiver.received.length = 0;
    receiver.answer = () => 302;
    const organisationId = await subscribedOrganisation(a);
    const hooks = await sql<{ id: string }>(a, `select id from webhook_endpoints where organisation_id = ?`, [
      organisationId,
    ]);
    await createClient(a, organisationId, { firstName: 'Redirected' });
    await receiver.waitFor(2, 20_000);
    // The receiver hears the last attempt before the worker records it: poll for the record.
    const outcomes = async () =>
      (
        await a
          .http()
          .get(orgPath(organisationId, `/webhook-endpoints/${hooks[0].id}/deliveries`))
          .set('Authorization', a.platformAuth)
      ).body.items.map((d: Body) => [d.responseStatus, d.status]) as [number, string][];
    let seen = await outcomes();
    for (
      const deadline = Date.now() + 10_000;
      !seen.some(([, status]) => status === 'failed') && Date.now() < deadline;
      seen = await outcomes()
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toContainEqual([302, 'failed']);
  });
});

describe('one organisation cannot stall another', () => {
  it("delivers a quiet organisation's event within seconds while a noisy one floods its dead endpoints", async () => {
    const silent = new SilentListener();
    const deadUrls = [await silent.start(), `http://127.0.0.1:${await freePort()}/hooks`];
    const { id: noisy } = await createOrganisation(a, 'Noisy');
    const dead = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        created(
          postJson(a, orgPath(noisy, '/webhook-endpoints'), {
            url: deadUrls[i % 2],
            enabledEvents: ['client.created'],
          }),
        ),
      ),
    );
    try {
      // 40 events to 16 dead endpoints: 640 deliveries queued, half of them waiting out the sender's whole 10 s.
      for (let batch = 0; batch < 5; batch++)
        await Promise.all(
          Array.from({ length: 8 }, (_, i) => createClient(a, noisy, { firstName: `Noisy${batch * 8 + i}` })),
        );
      const quiet = await subscribedOrganisation(a);
      receiver.received.length = 0;
      receiver.answer = () => 200;

      const started = Date.now();
      const client = await createClient(a, quiet, { firstName: 'Quiet' });
      const [delivered] = await receiver.waitFor(1, 30_000);
      const elapsedMs = Date.now() - started;
      expect(delivered.event).toMatchObject({ type: 'client.created', organisationId: quiet, data: { id: client.id } });
      expect(elapsedMs).toBeLessThan(5_000);
      // The flood was under way: the silent endpoint held attempts open meanwhile.
      expect(silent.accepted).toBeGreaterThan(0);
    } finally {
      // Deleted endpoints' queued attempts end at once, so the flood does not outlive the test.
      for (const hook of dead)
        await a
          .http()
          .delete(orgPath(noisy, `/webhook-endpoints/${hook.id}`))
          .set('Authorization', a.platformAuth);
      await silent.stop();
    }
  }, 60_000);
});
