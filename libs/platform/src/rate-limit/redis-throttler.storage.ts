import type { OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';

// One round trip: count the hit, start the window on the first hit, and block once over the limit.
const INCREMENT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
local blockTtl = redis.call('PTTL', KEYS[2])
if blockTtl <= 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], 1, 'PX', ARGV[3])
  blockTtl = tonumber(ARGV[3])
end
return { hits, ttl, blockTtl }
`;

/** Rate-limit counters shared by every instance, used when `REDIS_URL` is set. */
export class RedisThrottlerStorage implements ThrottlerStorage, OnModuleDestroy {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, keyPrefix: 'ratelimit:' });
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number) {
    const [totalHits, timeToExpire, timeToBlockExpire] = (await this.redis.eval(
      INCREMENT,
      2,
      `hits:${key}`,
      `block:${key}`,
      ttl,
      limit,
      blockDuration || ttl,
    )) as [number, number, number];
    const isBlocked = timeToBlockExpire > 0;
    return {
      totalHits,
      timeToExpire: Math.ceil(Math.max(timeToExpire, 0) / 1000),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil(timeToBlockExpire / 1000) : 0,
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis.quit();
  }
}
