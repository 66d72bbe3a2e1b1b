import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import type { Request } from 'express';
import { AppConfig, type Caller, DomainError } from '@app/shared';
import { ApiKey } from '../api-keys/domain/api-key.js';
import { ApiKeyRepository } from '../api-keys/domain/api-key.repository.js';

/** Known keys: 60 s, at most 10,000 (emptied when full; a miss costs one indexed lookup). */
const KNOWN_TTL_MS = 60_000;
/** Unknown secrets: as long, as many; a secret is 240 random bits, so none is issued while remembered unknown. */
const UNKNOWN_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;
const WINDOW_MS = 60_000;

export type Authentication =
  { kind: 'authenticated'; caller: Caller } | { kind: 'failed'; error: DomainError } | { kind: 'rate_limited'; retryAfterSeconds: number };

const unauthenticated = (message: string): Authentication => ({ kind: 'failed', error: new DomainError('unauthenticated', 'unauthenticated', message) });

/**
 * Who sent a request, from its `Authorization: Bearer` key, decided once per request (the
 * idempotency middleware asks before the guard does). A secret that is not a cached known key
 * counts against the client IP's budget of lookups (`PUBLIC_RATE_LIMIT_PER_MINUTE`, like a public
 * route), so made-up keys cost at most that many statements a minute per address; an unknown
 * secret sent again is answered from memory, as cheaply as a known one.
 */
@Injectable()
export class ApiKeyAuthenticator {
  private readonly known = new Map<string, { caller: Caller; expiresAt: number }>();
  private readonly unknown = new Map<string, number>();
  private readonly decided = new WeakMap<Request, Promise<Authentication>>();

  constructor(
    private readonly apiKeys: ApiKeyRepository,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    private readonly config: AppConfig,
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
    const now = Date.now();
    const cached = this.known.get(secretHash);
    if (cached && cached.expiresAt > now) return { kind: 'authenticated', caller: cached.caller };
    const limit = this.config.publicRateLimitPerMinute;
    const budget = await this.storage.increment(`auth:ip:${request.ip}`, WINDOW_MS, limit, WINDOW_MS, 'authentication');
    if (budget.isBlocked) return { kind: 'rate_limited', retryAfterSeconds: Math.max(1, budget.timeToBlockExpire) };
    if ((this.unknown.get(secretHash) ?? 0) > now) return unauthenticated('The API key is not valid.');
    const apiKey = await this.apiKeys.findBySecretHash(secretHash);
    if (!apiKey) {
      remember(this.unknown, secretHash, now + UNKNOWN_TTL_MS);
      return unauthenticated('The API key is not valid.');
    }
    const caller = { keyId: apiKey.id, organisationId: apiKey.organisationId };
    remember(this.known, secretHash, { caller, expiresAt: now + KNOWN_TTL_MS });
    return { kind: 'authenticated', caller };
  }
}

function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, value);
}
