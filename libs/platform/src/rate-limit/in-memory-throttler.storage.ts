import type { OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';

interface Window {
  hits: number;
  expiresAt: number;
  blockedUntil: number;
}

const SWEEP_INTERVAL_MS = 60_000;

/**
 * Rate-limit counters of one instance, used when `REDIS_URL` is unset: a fixed window per key,
 * the same rule as `RedisThrottlerStorage`. `@nestjs/throttler`'s own in-memory store keeps one
 * timestamp per hit and filters them on every request, so its cost and memory grow with the
 * limit (at 1,000 req/s a key holds 60,000 timestamps); a counter costs the same at any rate.
 */
export class InMemoryThrottlerStorage implements ThrottlerStorage, OnModuleDestroy {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper = setInterval(() => this.sweep(Date.now()), SWEEP_INTERVAL_MS).unref();

  constructor(private readonly now: () => number = Date.now) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number) {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || (window.expiresAt <= now && window.blockedUntil <= now)) {
      window = { hits: 0, expiresAt: now + ttl, blockedUntil: 0 };
      this.windows.set(key, window);
    } else if (window.expiresAt <= now) {
      window.hits = 0;
      window.expiresAt = now + ttl;
    }
    window.hits += 1;
    if (window.blockedUntil <= now && window.hits > limit) window.blockedUntil = now + (blockDuration || ttl);
    const isBlocked = window.blockedUntil > now;
    return {
      totalHits: window.hits,
      timeToExpire: Math.ceil((window.expiresAt - now) / 1000),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil((window.blockedUntil - now) / 1000) : 0,
    };
  }

  /** Forgets keys whose window and block have both ended, so idle callers cost no memory. */
  sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.expiresAt <= now && window.blockedUntil <= now) this.windows.delete(key);
    }
  }

  get size(): number {
    return this.windows.size;
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }
}
