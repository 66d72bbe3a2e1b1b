import { afterEach, describe, expect, it } from '@jest/globals';
import { InMemoryThrottlerStorage } from './in-memory-throttler.storage.js';

describe('the in-memory rate-limit store', () => {
  let now = 1_000_000;
  const storage = new InMemoryThrottlerStorage(() => now);
  afterEach(() => storage.onModuleDestroy());

  it('counts hits in a fixed window and blocks past the limit until the block ends', async () => {
    const first = await storage.increment('a', 60_000, 2, 0);
    now += 10_000;
    const second = await storage.increment('a', 60_000, 2, 0);
    const third = await storage.increment('a', 60_000, 2, 0);
    expect([first.totalHits, second.totalHits, third.totalHits]).toEqual([1, 2, 3]);
    expect([first.isBlocked, second.isBlocked, third.isBlocked]).toEqual([false, false, true]);
    expect(first.timeToExpire).toBe(60);
    expect(second.timeToExpire).toBe(50);
    expect(third.timeToBlockExpire).toBe(60);
  });

  it('keeps callers apart', async () => {
    await storage.increment('b', 60_000, 1, 0);
    const other = await storage.increment('c', 60_000, 1, 0);
    expect({ hits: other.totalHits, blocked: other.isBlocked }).toEqual({ hits: 1, blocked: false });
  });

  it('starts a fresh window once the last one and its block have ended', async () => {
    await storage.increment('d', 300, 1, 300);
    const blocked = await storage.increment('d', 300, 1, 300);
    expect(blocked.isBlocked).toBe(true);
    now += 299;
    expect((await storage.increment('d', 300, 1, 300)).isBlocked).toBe(true);
    now += 301;
    const fresh = await storage.increment('d', 300, 1, 300);
    expect({ hits: fresh.totalHits, blocked: fresh.isBlocked }).toEqual({ hits: 1, blocked: false });
  });

  it('costs the same at any rate: one counter per caller, however many hits', async () => {
    for (let hit = 0; hit < 100_000; hit++) await storage.increment('busy', 60_000, 1_000_000, 0);
    const last = await storage.increment('busy', 60_000, 1_000_000, 0);
    expect(last.totalHits).toBe(100_001);
  });

  it('forgets callers whose window has ended', async () => {
    const sizeBefore = storage.size;
    await storage.increment('idle', 1_000, 10, 0);
    expect(storage.size).toBe(sizeBefore + 1);
    now += 61_000;
    storage.sweep(now);
    expect(storage.size).toBe(0);
  });
});
