import { describe, expect, it } from '@jest/globals';
import { FixedClock } from '../../../../../test/support/orm.js';
import { ApiKey } from '../../keys/domain/api-key.js';
import { EnsureBootstrapKey } from './ensure-bootstrap-key.use-case.js';
import { InMemoryApiKeys } from './testing/in-memory-api-keys.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const SECRET = 'sk_bootstrap_from_configuration';

describe('EnsureBootstrapKey', () => {
  it('stores the configured secret as a platform key, by its hash', async () => {
    const apiKeys = new InMemoryApiKeys();
    await new EnsureBootstrapKey(apiKeys, new FixedClock(NOW)).execute(SECRET);
    expect(apiKeys.keys).toEqual([
      expect.objectContaining({
        name: 'Bootstrap platform key',
        organisationId: null,
        secretHash: ApiKey.hashOf(SECRET),
        createdAt: NOW,
      }),
    ]);
    expect(JSON.stringify(apiKeys.keys)).not.toContain(SECRET);
  });

  it('adds no second key on the next start with the same secret', async () => {
    const apiKeys = new InMemoryApiKeys();
    const ensure = new EnsureBootstrapKey(apiKeys, new FixedClock(NOW));
    await ensure.execute(SECRET);
    await ensure.execute(SECRET);
    expect(apiKeys.keys).toHaveLength(1);
  });

  it('adds a key for a changed secret, leaving the old one', async () => {
    const apiKeys = new InMemoryApiKeys();
    const ensure = new EnsureBootstrapKey(apiKeys, new FixedClock(NOW));
    await ensure.execute(SECRET);
    await ensure.execute('sk_rotated');
    expect(apiKeys.keys.map((key) => key.secretHash)).toEqual([ApiKey.hashOf(SECRET), ApiKey.hashOf('sk_rotated')]);
  });
});
