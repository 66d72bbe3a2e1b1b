import { describe, expect, it } from '@jest/globals';
import { AppConfig } from '@app/shared';
import { etagOf, RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { KnownOrganisations } from '../../../organisations/src/application/testing/in-memory-organisations.js';
import { WebhookEndpoint } from '../domain/webhook-endpoint.js';
import { ManageWebhookEndpoints } from './manage-webhook-endpoints.use-case.js';
import { InMemoryEndpoints } from './testing/in-memory-endpoints.js';
import { MarkingSecrets } from './testing/marking-secrets.js';
import { WebhookUrlCheck } from './webhook-url-check.js';

const CREATED = new Date('2026-11-20T00:00:00.000Z');
const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const OTHER_ORGANISATION = 'org_4rXmWs5Mz1oIfD3cYhG9jVbTe2N';
// Address literals only: the URL rules resolve host names, and a unit test sends nothing to the network.
const PUBLIC_URL = 'https://8.8.8.8/hooks';
const LOOPBACK_URL = 'https://127.0.0.1/hooks';

function setUp(env: Record<string, string> = {}) {
  const endpoints = new InMemoryEndpoints();
  const existing = WebhookEndpoint.create(
    ORGANISATION,
    { url: PUBLIC_URL, enabledEvents: ['booking.*'] },
    'sealed(whsec_existing)',
    CREATED,
  );
  endpoints.stored.set(existing.id, existing);
  const config = new AppConfig(env);
  const manage = new ManageWebhookEndpoints(
    new RecordedEvents(),
    endpoints,
    new KnownOrganisations({ [ORGANISATION]: [], [OTHER_ORGANISATION]: [] }),
    new WebhookUrlCheck(config),
    new MarkingSecrets(),
    new FixedClock(NOW),
    config,
  );
  return { existing, endpoints, manage };
}

const storedOf = (endpoints: InMemoryEndpoints, id: string) => endpoints.stored.get(id);

describe('ManageWebhookEndpoints', () => {
  it('stores a new endpoint, enabled, with its Standard Webhooks secret sealed and each event type once, and answers the secret', async () => {
    const { endpoints, manage } = setUp();
    const { endpoint, secret } = await manage.create(ORGANISATION, {
      url: PUBLIC_URL,
      enabledEvents: ['booking.created', 'booking.created', 'client.*'],
    });
    expect(storedOf(endpoints, endpoint.id)).toEqual(endpoint);
    expect(endpoint).toMatchObject({
      organisationId: ORGANISATION,
      status: 'enabled',
      description: null,
      enabledEvents: ['booking.created', 'client.*'],
    });
    expect(endpoint).toMatchObject({ sealedPreviousSecret: null, failingSince: null, createdAt: NOW, updatedAt: NOW });
    expect(Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).toHaveLength(24);
    expect(endpoint.sealedSecret).toBe(`sealed(${secret})`);
  });

  it.each([
    ['a loopback address', LOOPBACK_URL],
    ['plain http', 'http://8.8.8.8/hooks'],
    ['credentials in the URL', 'https://user:pass@8.8.8.8/hooks'],
    ['no absolute URL', '/hooks'],
  ])('refuses %s with url_not_allowed, and stores nothing', async (_case, url) => {
    const { endpoints, manage } = setUp();
    await expect(manage.create(ORGANISATION, { url, enabledEvents: ['*'] })).rejects.toMatchObject({
      kind: 'validation',
      errors: [expect.objectContaining({ field: 'url', code: 'url_not_allowed' })],
    });
    expect(endpoints.stored.size).toBe(1);
  });

  it('refuses an endpoint beyond the configured limit with webhook_endpoint_limit, naming the limit, and stores nothing', async () => {
    const { endpoints, manage } = setUp({ WEBHOOK_ENDPOINTS_PER_ORGANISATION: '2' });
    await manage.create(ORGANISATION, { url: PUBLIC_URL, enabledEvents: ['*'] });
    await expect(manage.create(ORGANISATION, { url: PUBLIC_URL, enabledEvents: ['*'] })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'webhook_endpoint_limit',
      message: expect.stringContaining('at most 2'),
      extensions: { limit: 2 },
    });
    expect(endpoints.stored.size).toBe(2);
    // The limit is each organisation's own.
    await manage.create(OTHER_ORGANISATION, { url: PUBLIC_URL, enabledEvents: ['*'] });
    expect(endpoints.stored.size).toBe(3);
  });

  it('answers not_found for an organisation that does not exist, and stores nothing', async () => {
    const { endpoints, manage } = setUp();
    await expect(
      manage.create('org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M', { url: PUBLIC_URL, enabledEvents: ['*'] }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    expect(endpoints.stored.size).toBe(1);
  });

  it('saves the changes with the time of the change, and re-enabling forgets the failing streak', async () => {
    const { existing, endpoints, manage } = setUp();
    const stored = storedOf(endpoints, existing.id);
    if (stored) Object.assign(stored, { status: 'disabled', failingSince: CREATED });
    await manage.update(ORGANISATION, existing.id, {
      url: 'https://1.1.1.1/new',
      description: 'PMS',
      status: 'enabled',
      enabledEvents: ['*', '*'],
    });
    expect(storedOf(endpoints, existing.id)).toMatchObject({
      url: 'https://1.1.1.1/new',
      description: 'PMS',
      status: 'enabled',
      enabledEvents: ['*'],
      failingSince: null,
      sealedSecret: 'sealed(whsec_existing)',
      createdAt: CREATED,
      updatedAt: NOW,
    });
  });

  it.each([
    ['nothing', {}],
    [
      'only what it holds',
      { url: PUBLIC_URL, enabledEvents: ['booking.*', 'booking.*'], status: 'enabled' as const, description: null },
    ],
  ])('changes nothing when sent %s: the same updatedAt', async (_case, changes) => {
    const { existing, endpoints, manage } = setUp();
    const answered = await manage.update(ORGANISATION, existing.id, changes);
    expect(answered.updatedAt).toEqual(CREATED);
    expect(storedOf(endpoints, existing.id)).toEqual(existing);
  });

  it('changes only the version named in If-Match: another is precondition_failed, and nothing changes', async () => {
    const { existing, endpoints, manage } = setUp();
    await expect(manage.update(ORGANISATION, existing.id, { description: 'PMS' }, etagOf(NOW))).rejects.toMatchObject({
      code: 'precondition_failed',
    });
    await expect(manage.remove(ORGANISATION, existing.id, etagOf(NOW))).rejects.toMatchObject({
      code: 'precondition_failed',
    });
    expect(storedOf(endpoints, existing.id)).toEqual(existing);
    expect(await manage.update(ORGANISATION, existing.id, { description: 'PMS' }, etagOf(CREATED))).toMatchObject({
      description: 'PMS',
      updatedAt: NOW,
    });
  });

  it('checks a changed URL again, and saves nothing when it is refused', async () => {
    const { existing, endpoints, manage } = setUp();
    await expect(
      manage.update(ORGANISATION, existing.id, { url: LOOPBACK_URL, description: 'PMS' }),
    ).rejects.toMatchObject({
      errors: [expect.objectContaining({ field: 'url', code: 'url_not_allowed' })],
    });
    expect(storedOf(endpoints, existing.id)).toMatchObject({ url: PUBLIC_URL, description: null, updatedAt: CREATED });
  });

  it('rotates the secret, keeping the old one signing for 24 hours', async () => {
    const { existing, endpoints, manage } = setUp();
    const rotated = await manage.rotateSecret(ORGANISATION, existing.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe('whsec_existing');
    expect(storedOf(endpoints, existing.id)).toMatchObject({
      sealedSecret: `sealed(${rotated.secret})`,
      sealedPreviousSecret: 'sealed(whsec_existing)',
      previousSecretExpiresAt: new Date('2026-11-23T05:28:59.000Z'),
      updatedAt: NOW,
    });
  });

  it('removes the endpoint', async () => {
    const { existing, endpoints, manage } = setUp();
    await manage.remove(ORGANISATION, existing.id);
    expect(endpoints.stored.size).toBe(0);
  });

  it("answers not_found for another organisation's endpoint, whatever is asked, changing nothing", async () => {
    const { existing, endpoints, manage } = setUp();
    const notFound = { kind: 'not_found', code: 'not_found' };
    await expect(manage.get(OTHER_ORGANISATION, existing.id)).rejects.toMatchObject(notFound);
    await expect(manage.update(OTHER_ORGANISATION, existing.id, { description: 'x' })).rejects.toMatchObject(notFound);
    await expect(manage.rotateSecret(OTHER_ORGANISATION, existing.id)).rejects.toMatchObject(notFound);
    await expect(manage.remove(OTHER_ORGANISATION, existing.id)).rejects.toMatchObject(notFound);
    expect([...endpoints.stored.values()]).toEqual([existing]);
  });
});
