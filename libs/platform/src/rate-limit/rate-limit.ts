import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, ThrottlerException, type ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { AppConfig } from '@app/shared';

const WINDOW_MS = 60_000;

/** What the limit needs to know about a route: which budget it counts against. */
export interface RateLimitedRoute {
  isPublic: boolean;
  /** The controller: public routes' per-IP budgets are per controller. */
  group: string;
}

/**
 * One budget per API key across all routes (`RATE_LIMIT_PER_MINUTE`), and on public routes one per
 * client IP and controller (`PUBLIC_RATE_LIMIT_PER_MINUTE`), so one public page's traffic does not
 * use up another's. Counted in `@nestjs/throttler`'s storage (memory, or Redis), answered with the
 * IETF header names (`RateLimit-Limit`, `-Remaining`, `-Reset`) and over budget with its 429.
 */
@Injectable()
export class RateLimit {
  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    private readonly config: AppConfig,
  ) {}

  async count(request: Request, response: Response, route: RateLimitedRoute): Promise<void> {
    const { caller } = request;
    const key = caller ? `default:key:${caller.keyId}` : `default:ip:${request.ip}:${route.group}`;
    const limit = route.isPublic ? this.config.publicRateLimitPerMinute : this.config.rateLimitPerMinute;
    const { totalHits, timeToExpire, isBlocked, timeToBlockExpire } = await this.storage.increment(
      key,
      WINDOW_MS,
      limit,
      WINDOW_MS,
      'default',
    );
    if (isBlocked) {
      response.setHeader('Retry-After', timeToBlockExpire);
      this.setHeaders(response, limit, 0, timeToBlockExpire);
      throw new ThrottlerException();
    }
    this.setHeaders(response, limit, Math.max(0, limit - totalHits), timeToExpire);
  }

  private setHeaders(response: Response, limit: number, remaining: number, reset: number): void {
    response.setHeader('RateLimit-Limit', limit);
    response.setHeader('RateLimit-Remaining', remaining);
    response.setHeader('RateLimit-Reset', reset);
  }
}
