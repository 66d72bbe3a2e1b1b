import { randomUUID } from 'node:crypto';
import { json } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { DomainError, invalidField } from '../domain/index.js';

declare module 'http' {
  interface IncomingMessage {
    id: string;
    /** A body that could not be read; raised by `RequestBodyGuard` so it leaves through the one error filter. */
    bodyError?: DomainError;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const MAX_BODY_BYTES = 100 * 1024;

/**
 * Every request gets an id (the caller's `X-Request-Id` when it is sane), echoed on the response.
 * A random UUID: request ids need no time order, and `randomUUID` is the cheapest source.
 */
export function requestId(): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const given = request.header('x-request-id');
    request.id = given && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    response.setHeader('X-Request-Id', request.id);
    next();
  };
}

const hasBody = (request: Request): boolean => request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

const isJson = (request: Request): boolean => /^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '');

/**
 * Reads JSON bodies of at most 100 kB. Failures are kept on the request instead of ending it here,
 * so they are logged and formatted like every other error.
 */
export function jsonBody(): RequestHandler {
  const parse = json({ limit: MAX_BODY_BYTES, strict: false, type: () => true });
  return (request: Request, response: Response, next: NextFunction) => {
    if (!hasBody(request)) return next();
    if (!isJson(request)) {
      request.bodyError = new DomainError('unsupported_media_type', 'unsupported_media_type', 'Request bodies must be application/json.');
      return next();
    }
    parse(request, response, (error?: { type?: string }) => {
      if (error?.type === 'entity.too.large') {
        request.bodyError = new DomainError('payload_too_large', 'payload_too_large', `Request bodies may be at most ${MAX_BODY_BYTES} bytes.`);
      } else if (error) {
        request.bodyError = new DomainError('validation', 'malformed_json', 'The request body is not valid JSON.');
      } else {
        const field = pathOfNulCharacter(request.body);
        if (field !== null) request.bodyError = invalidField(field, 'invalid_character', 'must not contain the NUL character');
      }
      next();
    });
  };
}

/** PostgreSQL text cannot hold U+0000, so a string carrying one is refused up front, by its JSON path. */
function pathOfNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathOfNulCharacter(item, `${path}[${index}]`);
      if (found !== null) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return path ? `${path}.${key.replaceAll('\u0000', '')}` : 'body';
      const found = pathOfNulCharacter(item, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}
