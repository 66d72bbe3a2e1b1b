import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import type { Request } from 'express';
import { AppConfig, type Caller, DomainError } from '@app/shared';
import { Clock } from '@app/shared/domain';
import { ApiKey } from '../keys/domain/api-key.js';
import { ApiKeyRepository } from '../keys/domain/api-key.repository.js';
import { ApiKeyCache, type Refusal } from './api-key-cache.js';
import { ApiKeyUsage } from './api-key-usage.js';

const WINDOW_MS = 60_000;

export type Authentication =
  | { kind: 'authenticated'; caller: Caller }
  | { kind: 'failed'; error: DomainError }
  | { kind: 'rate_limited'; retryAfterSeconds: number };

const unauthenticated = (message: string): Authentication => ({
  kind: 'failed',
  error: new DomainError('unauthenticated', 'unauthenticated', message),
});

const REFUSALS: Record<Refusal, string> = {
  unknown: 'The API key is not valid.',
  revoked: 'The API key was revoked.',
  expired: 'The API key expired.',
};

/**
 * Who sent a request, from its `Authorization: Bearer` key, decided once per request (the
 * idempotency middleware asks before the guard does). Only a refused key counts against the client
 * IP's budget of failed authentications (`PUBLIC_RATE_LIMIT_PER_MINUTE`, like a public route); past
 * it, refused keys get 429. A valid key is never refused for its address's failures: behind a proxy
 * or a NAT one client's bad keys would otherwise lock every tenant at that address out, and a
 * valid key has its own per-key limit. So an unknown secret costs one indexed lookup, as a valid
 * key's first use does, and sent again it is answered from memory.
 */
@Injectable()
export class ApiKeyAuthenticator {
  private readonly decided = new WeakMap<Request, Promise<Authentication>>();

  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly cache: ApiKeyCache,
    private readonly usage: ApiKeyUsage,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  authenticate(request: Request): Promise<Authentication> {
    let decision = this.decided.get(request);
    if (!decision) {
      decision = this.decide(request);
      this.decided.set(request, decision);
    }
    return decision;
  }

  private async decide(request: Request): Promise<Authentication> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.header('authorization') ?? '');
    if (!match) return unauthenticated('Send an API key as `Authorization: Bearer <key>`.');
    const secretHash = ApiKey.hashOf(match[1]);
    const now = this.clock.now();
    const cached = this.cache.lookup(secretHash, now);
    if (cached && 'known' in cached) return this.authenticated(cached.known.caller, now);
    if (cached) return this.failed(request, REFUSALS[cached.refusal]);
    const version = this.cache.version;
    const apiKey = await this.apiKeys.findBySecretHash(secretHash);
    if (!apiKey) return this.refuse(request, secretHash, 'unknown', version, now);
    const refusal = apiKey.refusalAt(now);
    if (refusal) return this.refuse(request, secretHash, refusal, version, now);
    const caller = { keyId: apiKey.id, organisationId: apiKey.organisationId };
    this.cache.rememberKnown(secretHash, { caller, expiresAt: apiKey.expiresAt }, version, now);
    return this.authenticated(caller, now);
  }

  private refuse(
    request: Request,
    secretHash: string,
    refusal: Refusal,
    version: number,
    now: Date,
  ): Promise<Authentication> {
    this.cache.rememberRefused(secretHash, refusal, version, now);
    return this.failed(request, REFUSALS[refusal]);
  }

  /** Counts a failed authentication against the client IP: 401 within its budget, 429 past it. */
  private async failed(request: Request, message: string): Promise<Authentication> {
    const limit = this.config.publicRateLimitPerMinute;
    const budget = await this.storage.increment(`auth:ip:${request.ip}`, WINDOW_MS, limit, WINDOW_MS, 'authentication');
    if (budget.isBlocked) return { kind: 'rate_limited', retryAfterSeconds: Math.max(1, budget.timeToBlockExpire) };
    return unauthenticated(message);
  }

  private authenticated(caller: Caller, now: Date): Authentication {
    this.usage.record(caller.keyId, now);
    return { kind: 'authenticated', caller };
  }
}
