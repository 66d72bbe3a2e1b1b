import { describe, expect, it } from '@jest/globals';
import { FixedClock } from '../../../../../test/support/orm.js';
import { KnownOrganisations } from '../../../../organisations/src/application/testing/in-memory-organisations.js';
import { ApiKey } from '../../keys/domain/api-key.js';
import { CreateApiKey } from './create-api-key.use-case.js';
import { InMemoryApiKeys } from './testing/in-memory-api-keys.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';

function setUp() {
  const apiKeys = new InMemoryApiKeys();
  return {
    apiKeys,
    createApiKey: new CreateApiKey(apiKeys, new KnownOrganisations({ [ORGANISATION]: [] }), new FixedClock(NOW)),
  };
}

describe('CreateApiKey', () => {
  it('stores an organisation key by the hash of its secret only, and answers the secret once', async () => {
    const { apiKeys, createApiKey } = setUp();
    const { apiKey, secret } = await createApiKey.execute({ name: 'PMS sync', organisationId: ORGANISATION });
    expect(apiKeys.keys).toEqual([apiKey]);
    expect(apiKey).toMatchObject({
      name: 'PMS sync',
      organisationId: ORGANISATION,
      secretHash: ApiKey.hashOf(secret),
      createdAt: NOW,
    });
    expect(apiKey.id).toMatch(/^key_/);
    expect(secret).toMatch(/^sk_[A-Za-z0-9_-]{40}$/);
    expect(JSON.stringify(apiKey)).not.toContain(secret);
  });

  it('stores a platform key when no organisation is named', async () => {
    const { apiKeys, createApiKey } = setUp();
    const { apiKey } = await createApiKey.execute({ name: 'Platform' });
    expect(apiKeys.keys).toEqual([apiKey]);
    expect(apiKey.organisationId).toBeNull();
  });

  it('gives every key its own secret', async () => {
    const { createApiKey } = setUp();
    const [first, second] = await Promise.all([
      createApiKey.execute({ name: 'A' }),
      createApiKey.execute({ name: 'A' }),
    ]);
    expect(first.secret).not.toBe(second.secret);
  });

  it('answers not_found for an organisation that does not exist, and stores nothing', async () => {
    const { apiKeys, createApiKey } = setUp();
    await expect(
      createApiKey.execute({ name: 'PMS sync', organisationId: 'org_3qWlVr4Ly0nHeC2bXgF8iUaSd1M' }),
    ).rejects.toMatchObject({
      kind: 'not_found',
      code: 'not_found',
    });
    expect(apiKeys.keys).toEqual([]);
  });
});
