import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';

// Real Redis, like the database tests use real PostgreSQL: the test run's own, or TEST_REDIS_URL's
// when set (test/global-setup.mjs). The in-memory store, the default, is covered by the HTTP tests.
const redisUrl = process.env.TEST_REDIS_URL;

describe('the Redis rate-limit store', () => {
  let storage: RedisThrottlerStorage;
  beforeAll(() => {
    if (!redisUrl)
      throw new Error('The Redis rate-limit store tests need TEST_REDIS_URL, which test/global-setup.mjs sets');
    storage = new RedisThrottlerStorage(redisUrl);
  });
  afterAll(() => storage.onModuleDestroy());

  it('counts hits in a window shared by every instance, and blocks past the limit until the window ends', async () => {
    const key = `test:${randomUUID()}`;
    const other = new RedisThrottlerStorage(redisUrl!);
    try {
      const first = await storage.increment(key, 60_000, 2, 0);
      const second = await other.increment(key, 60_000, 2, 0);
      const third = await storage.increment(key, 60_000, 2, 0);
      expect([first.totalHits, second.totalHits, third.totalHits]).toEqual([1, 2, 3]);
      expect([first.isBlocked, second.isBlocked, third.isBlocked]).toEqual([false, false, true]);
      expect(first.timeToExpire).toBeGreaterThan(55);
      expect(third.timeToBlockExpire).toBeGreaterThan(55);
    } finally {
      await other.onModuleDestroy();
    }
  });

  it('starts a fresh window once the last one has expired', async () => {
    const key = `test:${randomUUID()}`;
    // A window of a second: the two first hits must fall in it, even on a machine that stalls.
    await storage.increment(key, 1_000, 1, 1_000);
    const blocked = await storage.increment(key, 1_000, 1, 1_000);
    expect(blocked.isBlocked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const fresh = await storage.increment(key, 1_000, 1, 1_000);
    expect({ hits: fresh.totalHits, blocked: fresh.isBlocked }).toEqual({ hits: 1, blocked: false });
  });
});
