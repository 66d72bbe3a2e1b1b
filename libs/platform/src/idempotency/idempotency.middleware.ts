import { Injectable, Logger, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AppConfig, DomainError, invalidField, requestIdempotencyOf, withRequestIdempotency } from '@app/shared';
import { ApiKey } from '../keys/domain/api-key.js';
import { ApiKeyAuthenticator } from '../access/api-key-authenticator.js';
import { replayErrorOf } from './answer-shown-once.js';
import { type HeldKey, IdempotencyStore, type StoredResponse } from './idempotency.store.js';
import { RequestHasher } from './request-hasher.js';

const REPLAYED_HEADERS = ['content-type', 'location', 'deprecation'];
/** Also the bound the OpenAPI document states. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** Answers about the attempt, not the request: a retry with the same key must run again. */
const NOT_AN_OUTCOME = new Set([401, 403, 429]);
/**
 * The public POSTs that take `Idempotency-Key` without an API key (online booking, cancelling or
 * moving it, paying a payment link). Any other POST without a key is answered 401 or 404 by the
 * guard or the router and never touches the table.
 */
const PUBLIC_POST =
  /^\/v1\/(organisations\/[^/]+\/public-bookings|public-bookings\/[^/]+\/(cancel|reschedule)|payment-links\/[^/]+\/pay)$/;
/**
 * Keys sent without an API key live per client IP: a replay needs the same IP, key, URL and body,
 * so one patient cannot read another's answer, nor two clients' keys collide.
 */
const publicScopeOf = (request: Request): string => `public:${request.ip ?? 'unknown'}`;

/** Whether an answer is what this request comes to, and so what every retry of it must get. */
const isOutcome = (status: number): boolean => status >= 200 && status < 500 && !NOT_AN_OUTCOME.has(status);

/**
 * `Idempotency-Key` on a POST: the first request runs; a retry with the same key and body gets the
 * first answer again; another body gets 422; a retry while the first still runs, 409 with
 * `Retry-After`. Keys belong to the API key that sent them.
 */
@Injectable()
export class IdempotencyMiddleware implements NestMiddleware {
  private readonly logger = new Logger('Idempotency');
  private readonly hasher: RequestHasher;
  private readonly renewEveryMs: number;

  constructor(
    private readonly store: IdempotencyStore,
    private readonly authenticator: ApiKeyAuthenticator,
    config: AppConfig,
  ) {
    this.hasher = RequestHasher.fromConfig(config);
    // Renewed three times a lifetime, so two renewals can be late or lost before the marker lapses.
    this.renewEveryMs = (config.idempotencyInProgressSeconds * 1000) / 3;
  }

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    const key = request.header('idempotency-key');
    const bearer = /^Bearer\s+(\S+)/i.exec(request.header('authorization') ?? '')?.[1];
    if (request.method !== 'POST' || key === undefined || request.bodyError) return next();
    if (bearer) {
      // Only an authenticated request may touch idempotency_keys; the guard answers the others.
      if ((await this.authenticator.authenticate(request)).kind !== 'authenticated') return next();
    } else if (!PUBLIC_POST.test(request.path)) return next();
    if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      throw invalidField('Idempotency-Key', 'invalid_format', `must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
    }
    const apiKeyHash = bearer ? ApiKey.hashOf(bearer) : publicScopeOf(request);
    const requestHash = this.hasher.hash(request.method, request.originalUrl, request.body);
    const claim = await this.store.claim(apiKeyHash, key, requestHash);
    switch (claim.kind) {
      case 'reused_with_other_request':
        throw new DomainError(
          'unprocessable',
          'idempotency_key_reused',
          'This Idempotency-Key was used with another request; use a new key.',
        );
      case 'in_progress':
        response.setHeader('Retry-After', String(claim.retryAfterSeconds));
        throw new DomainError(
          'conflict',
          'idempotency_request_in_progress',
          'A request with this Idempotency-Key is still running; retry shortly.',
        );
      case 'completed':
        return this.replay(response, claim.response);
      case 'withheld':
        response.setHeader('Idempotent-Replayed', 'true');
        throw claim.error;
      case 'claimed':
        this.recordResponse(request, response, claim.held, this.keepInProgress(request, claim.held));
        // What the request asks of outside parties carries keys derived from this one: a retry of it asks again with the same keys.
        return withRequestIdempotency(requestIdempotencyOf(apiKeyHash, key, requestHash), next);
    }
  }

  private replay(response: Response, stored: StoredResponse): void {
    for (const [name, value] of Object.entries(stored.headers)) response.setHeader(name, value);
    response.setHeader('Idempotent-Replayed', 'true');
    response.status(stored.status).send(stored.body);
  }

  /**
   * Renews the key's in-progress marker while the request runs, so its expiry never lets a retry
   * run beside a request that is only slow: there is no bound on how long a request may take (a
   * card processor may be slow), so a fixed lifetime could not be chosen to outlast every one.
   * Returns what stops the renewals.
   */
  private keepInProgress(request: Request, held: HeldKey): () => void {
    let stopped = false;
    const timer = setInterval(() => {
      this.store.renew(held).then(
        (renewed) => {
          if (!renewed && !stopped)
            this.logger.warn(
              { requestId: request.id },
              'The Idempotency-Key of a running request expired and was taken again',
            );
        },
        (error: unknown) =>
          this.logger.warn(
            { err: error, requestId: request.id },
            'Could not renew the Idempotency-Key of a running request',
          ),
      );
    }, this.renewEveryMs);
    timer.unref();
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }

  /**
   * Stores the answer before it is sent, so a retry that arrives as soon as the client has the first
   * answer finds it. Express's `json()` calls `send` again with the serialised body: only text is kept.
   */
  private recordResponse(request: Request, response: Response, held: HeldKey, stopRenewing: () => void): void {
    const send = response.send.bind(response);
    response.send = (chunk?: unknown) => {
      if (chunk !== undefined && typeof chunk !== 'string' && !Buffer.isBuffer(chunk)) return send(chunk);
      response.send = send;
      stopRenewing();
      const body = chunk === undefined ? '' : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : chunk;
      this.settle(request, response, body, held)
        .catch((error: unknown) =>
          this.logger.error({ err: error, requestId: request.id }, 'Could not record the idempotent response'),
        )
        .finally(() => send(chunk));
      return response;
    };
  }

  /**
   * Keeps the request's outcome for replays. Anything else (no valid key, refused, rate limited, a
   * server failure) frees the key, so a retry is a real attempt. A success that holds a secret is
   * kept without its body.
   */
  private async settle(request: Request, response: Response, body: string, held: HeldKey): Promise<void> {
    const status = response.statusCode;
    const authenticated = request.caller !== undefined || held.apiKeyHash.startsWith('public:');
    if (!authenticated || !isOutcome(status)) return this.store.release(held);
    const replayError = replayErrorOf(request);
    const headers = Object.fromEntries(
      REPLAYED_HEADERS.flatMap((name) => (response.hasHeader(name) ? [[name, String(response.getHeader(name))]] : [])),
    );
    const kept =
      replayError && status < 300
        ? await this.store.withhold(held, status, replayError(JSON.parse(body)))
        : await this.store.complete(held, { status, headers, body });
    if (!kept)
      this.logger.warn(
        { requestId: request.id },
        'The answer was not kept for replays: the Idempotency-Key expired and was taken again',
      );
  }
}
