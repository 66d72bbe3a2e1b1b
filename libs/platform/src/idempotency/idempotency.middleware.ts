import { createHash } from 'node:crypto';
import { Injectable, Logger, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { DomainError, invalidField } from '@app/shared';
import { ApiKey } from '../api-keys/domain/api-key.js';
import { IdempotencyStore, type StoredResponse } from './idempotency.store.js';

const REPLAYED_HEADERS = ['content-type', 'location', 'deprecation'];
const MAX_KEY_LENGTH = 255;

/** JSON with sorted keys, so the same body in another key order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * `Idempotency-Key` on a POST (CONTRACT §6): the first request runs; a retry with the same key and
 * body gets the first answer again; another body gets 422; a retry while the first still runs, 409.
 * Keys belong to the API key that sent them.
 */
@Injectable()
export class IdempotencyMiddleware implements NestMiddleware {
  private readonly logger = new Logger('Idempotency');

  constructor(private readonly store: IdempotencyStore) {}

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    const key = request.header('idempotency-key');
    const bearer = /^Bearer\s+(\S+)/i.exec(request.header('authorization') ?? '')?.[1];
    if (request.method !== 'POST' || key === undefined || !bearer || request.bodyError) return next();
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw invalidField('Idempotency-Key', 'invalid_format', `must be 1 to ${MAX_KEY_LENGTH} characters`);
    }
    const apiKeyHash = ApiKey.hashOf(bearer);
    const requestHash = createHash('sha256')
      .update(`${request.method} ${request.originalUrl}\n${canonicalJson(request.body ?? null)}`)
      .digest('hex');
    const claim = await this.store.claim(apiKeyHash, key, requestHash);
    switch (claim.kind) {
      case 'reused_with_other_request':
        throw new DomainError('unprocessable', 'idempotency_key_reused', 'This Idempotency-Key was used with another request; use a new key.');
      case 'in_progress':
        throw new DomainError('conflict', 'idempotency_request_in_progress', 'A request with this Idempotency-Key is still running; retry shortly.');
      case 'completed':
        return this.replay(response, claim.response);
      case 'claimed':
        this.recordResponse(request, response, apiKeyHash, key);
        return next();
    }
  }

  private replay(response: Response, stored: StoredResponse): void {
    for (const [name, value] of Object.entries(stored.headers)) response.setHeader(name, value);
    response.setHeader('Idempotent-Replayed', 'true');
    response.status(stored.status).send(stored.body);
  }

  /**
   * Stores the answer before it is sent, so a retry that arrives as soon as the client has the first
   * answer finds it. Express's `json()` calls `send` again with the serialised body: only text is kept.
   */
  private recordResponse(request: Request, response: Response, apiKeyHash: string, key: string): void {
    const send = response.send.bind(response);
    response.send = (chunk?: unknown) => {
      if (chunk !== undefined && typeof chunk !== 'string' && !Buffer.isBuffer(chunk)) return send(chunk);
      response.send = send;
      const body = chunk === undefined ? '' : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : chunk;
      const keep = request.caller !== undefined && response.statusCode < 500;
      const headers = Object.fromEntries(REPLAYED_HEADERS.flatMap((name) => (response.hasHeader(name) ? [[name, String(response.getHeader(name))]] : [])));
      const stored = keep ? this.store.complete(apiKeyHash, key, { status: response.statusCode, headers, body }) : this.store.release(apiKeyHash, key);
      stored
        .catch((error: unknown) => this.logger.error({ err: error, requestId: request.id }, 'Could not record the idempotent response'))
        .finally(() => send(chunk));
      return response;
    };
  }
}
