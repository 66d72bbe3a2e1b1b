import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { Request, Response } from 'express';

/**
 * `@nestjs/throttler` with the IETF header names (`RateLimit-Limit`, `-Remaining`, `-Reset`),
 * one budget per API key across all routes, and on public routes one per client IP and route
 * group, so one public page's traffic does not use up another's.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override headerPrefix = 'RateLimit';

  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    const { caller, ip } = request as unknown as Request;
    return caller ? `key:${caller.keyId}` : `ip:${ip}`;
  }

  protected override generateKey(context: ExecutionContext, tracker: string, throttlerName: string): string {
    return tracker.startsWith('ip:') ? `${throttlerName}:${tracker}:${context.getClass().name}` : `${throttlerName}:${tracker}`;
  }

  /** A 429 carries the same headers as any other answer, with nothing remaining. */
  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const response = context.switchToHttp().getResponse<Response>();
    response.setHeader(`${this.headerPrefix}-Limit`, detail.limit);
    response.setHeader(`${this.headerPrefix}-Remaining`, 0);
    response.setHeader(`${this.headerPrefix}-Reset`, detail.timeToBlockExpire);
    return super.throwThrottlingException(context, detail);
  }
}
