import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Webhook } from 'standardwebhooks';
import { AppConfig } from '@app/shared';
import { fresh, openTestOrm, Rows } from '../../../../test/support/orm.js';
import { newWebhookSecret } from '../domain/webhook-endpoint.js';
import { SealedWebhookSecrets } from '../infrastructure/crypto/sealed-webhook-secrets.js';
import { SealWebhookSecrets } from './seal-webhook-secrets.js';

const secrets = new SealedWebhookSecrets(
  new AppConfig({ WALLET_ENCRYPTION_KEY: '6d3c0f1e9a2b4c5d8e7f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5' }),
);
let orm: MikroORM;
let organisationId: string;

beforeAll(async () => {
  orm = await openTestOrm();
  organisationId = await new Rows(orm).organisation();
});

afterAll(async () => {
  await orm.close();
});

/** An endpoint as stored before secrets were sealed: its secrets in plain text. */
async function plainEndpoint(secret: string, previousSecret: string | null): Promise<string> {
  const id = randomUUID();
  await fresh(orm).execute(
    `insert into webhook_endpoints (id, organisation_id, url, enabled_events, status, secret, previous_secret, previous_secret_expires_at, created_at, updated_at)
     values (?, ?, 'https://pms.example.com/hooks', '["*"]', 'enabled', ?, ?, now() + interval '1 hour', now(), now())`,
    [id, organisationId, secret, previousSecret],
  );
  return id;
}

const storedOf = async (id: string) =>
  (
    await fresh(orm).execute<{ secret: string; previous_secret: string | null }[]>(
      'select secret, previous_secret from webhook_endpoints where id = ?',
      [id],
    )
  )[0];

describe('SealWebhookSecrets (start-up step once secrets are sealed at rest)', () => {
  it('seals the plain secrets of existing endpoints, rotated ones included, so the same secrets still sign', async () => {
    const [current, previous, alone] = [newWebhookSecret(), newWebhookSecret(), newWebhookSecret()];
    const rotatedId = await plainEndpoint(current, previous);
    const newId = await plainEndpoint(alone, null);

    expect(await new SealWebhookSecrets(fresh(orm), secrets).execute()).toBeGreaterThanOrEqual(2);

    const rotated = await storedOf(rotatedId);
    const unrotated = await storedOf(newId);
    for (const plain of [current, previous, alone])
      expect(JSON.stringify([rotated, unrotated])).not.toContain(plain.slice('whsec_'.length));
    expect(secrets.open(rotated.secret)).toBe(current);
    expect(secrets.open(rotated.previous_secret ?? '')).toBe(previous);
    expect(unrotated.previous_secret).toBeNull();
    // A receiver holding the secret it was shown verifies what is signed with the opened one.
    const sentAt = new Date();
    const body = JSON.stringify({ id: 'evt_1', type: 'webhook_endpoint.test' });
    const signature = new Webhook(secrets.open(unrotated.secret)).sign('evt_1', sentAt, body);
    const headers = {
      'webhook-id': 'evt_1',
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
    };
    expect(new Webhook(alone).verify(body, headers)).toEqual({ id: 'evt_1', type: 'webhook_endpoint.test' });
  });

  it('seals a plain rotated secret beside a sealed current one, and rewrites nothing the second time', async () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const sealedCurrent = secrets.seal(current);
    const id = await plainEndpoint(sealedCurrent, previous);
    await new SealWebhookSecrets(fresh(orm), secrets).execute();
    const once = await storedOf(id);
    expect(once.secret).toBe(sealedCurrent);
    expect(secrets.open(once.previous_secret ?? '')).toBe(previous);

    expect(await new SealWebhookSecrets(fresh(orm), secrets).execute()).toBe(0);
    expect(await storedOf(id)).toEqual(once);
  });
});
