import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { type DomainError, invalidField } from '../domain/index.js';

const ENCODED_NUL = /%00/i;

/**
 * Raises what the request pipeline found unreadable inside Nest's error handling, after the key is
 * checked: the body error `jsonBody()` recorded (415, 413, malformed JSON, NUL, too deep), and a
 * NUL character anywhere in the URL, which PostgreSQL text cannot hold and no id or filter contains.
 */
@Injectable()
export class RequestInputGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const error = request.bodyError ?? (ENCODED_NUL.test(request.originalUrl) ? nulInUrl(request) : undefined);
    if (error) throw error;
    return true;
  }
}

function nulInUrl(request: Request): DomainError {
  const query = request.originalUrl.indexOf('?');
  const inPath = ENCODED_NUL.test(query === -1 ? request.originalUrl : request.originalUrl.slice(0, query));
  const parameter = Object.entries(request.query).find(([name, value]) => containsNul(name) || containsNul(value))?.[0];
  const field = inPath ? 'path' : parameter?.replaceAll('\u0000', '') || 'query';
  return invalidField(field, 'invalid_character', 'must not contain the NUL character');
}

/** A query value is a string, or arrays and objects of them (`a[b]=c`). */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  return value !== null && typeof value === 'object' && Object.values(value).some(containsNul);
}
