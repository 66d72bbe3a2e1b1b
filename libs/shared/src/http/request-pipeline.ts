import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { json, raw } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { DomainError, invalidField } from '../domain/index.js';
import { PROBLEM_CONTENT_TYPE } from './problem.js';
import { REQUEST_LIMITS } from './request-limits.js';

declare module 'http' {
  interface IncomingMessage {
    id: string;
    /** A body that could not be read; raised by `RequestInputGuard` so it leaves through the one error filter. */
    bodyError?: DomainError;
    /** The body's bytes as they arrived, on the one route that reads them so (`rawBody`); `body` is then not set. */
    rawBody?: Buffer;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const MAX_BODY_BYTES = 100 * 1024;

/**
 * A request's id: the caller's `X-Request-Id` when it is sane, otherwise a random UUID (request ids
 * need no time order, and `randomUUID` is the cheapest source).
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

const hasBody = (request: Request): boolean =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

const isJson = (request: Request): boolean => /^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '');

/**
 * Reads JSON bodies of at most 100 kB. Failures are kept on the request instead of ending it here,
 * so they are logged and formatted like every other error.
 */
export function jsonBody(): RequestHandler {
  const parse = json({ limit: MAX_BODY_BYTES, strict: false, type: () => true });
  return (request: Request, response: Response, next: NextFunction) => {
    if (!hasBody(request) || request.rawBody) return next();
    if (!isJson(request)) {
      request.bodyError = new DomainError(
        'unsupported_media_type',
        'unsupported_media_type',
        'Request bodies must be application/json.',
      );
      return next();
    }
    parse(request, response, (error?: { type?: string }) => {
      if (error?.type === 'entity.too.large') {
        request.bodyError = new DomainError(
          'payload_too_large',
          'payload_too_large',
          `Request bodies may be at most ${MAX_BODY_BYTES} bytes.`,
        );
      } else if (error) {
        request.bodyError = new DomainError('validation', 'malformed_json', 'The request body is not valid JSON.');
      } else {
        request.bodyError = unreadableValueIn(request.body) ?? undefined;
      }
      next();
    });
  };
}

/**
 * Keeps the body's bytes, untouched and unparsed, in `rawBody` (of any content type, up to `limit`
 * bytes): for a route that verifies a signature over them, mounted on its path before `jsonBody()`,
 * which then leaves the request alone. `body` stays unset, so nothing reads the bytes as input.
 */
export function rawBody(limit: number): RequestHandler {
  const read = raw({ limit, type: () => true });
  return (request: Request, response: Response, next: NextFunction) => {
    read(request, response, (error?: { type?: string }) => {
      if (error?.type === 'entity.too.large') {
        request.bodyError = new DomainError(
          'payload_too_large',
          'payload_too_large',
          `Request bodies may be at most ${limit} bytes.`,
        );
      } else if (error) {
        request.bodyError = new DomainError('validation', 'malformed_request', 'The request body could not be read.');
      }
      request.rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      request.body = undefined;
      next();
    });
  };
}

/**
 * What no DTO may see: a string with U+0000, which PostgreSQL text cannot hold, or with a lone
 * surrogate, which names no character and has no UTF-8 form; or nesting deeper
 * than `REQUEST_LIMITS.jsonDepth`, which would overflow the stack of class-transformer (and of any
 * recursive walk). Walked with an explicit stack so that the walk itself cannot overflow.
 */
function unreadableValueIn(body: unknown): DomainError | null {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 0 }];
  while (pending.length > 0) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000'))
        return invalidField(path || 'body', 'invalid_character', 'must not contain the NUL character');
      if (!value.isWellFormed())
        return invalidField(path || 'body', 'invalid_character', 'must not contain a lone UTF-16 surrogate');
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= REQUEST_LIMITS.jsonDepth) {
      return invalidField(
        path || 'body',
        'too_deep',
        `nests objects and arrays more than ${REQUEST_LIMITS.jsonDepth} levels deep`,
      );
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: `${path}[${index}]`, depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000'))
        return invalidField(path || 'body', 'invalid_character', 'must not contain the NUL character in a field name');
      pending.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}

const CLIENT_ERRORS: Record<string, { status: number; title: string; code: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    title: 'Request Header Fields Too Large',
    code: 'request_header_fields_too_large',
    detail: 'The URL and headers together may be at most 16 kB.',
  },
};
const MALFORMED_REQUEST = {
  status: 400,
  title: 'Bad Request',
  code: 'malformed_request',
  detail: 'The request is not valid HTTP/1.1.',
};

/**
 * Requests Node refuses before Express sees them (a URL and headers over 16 kB, broken HTTP) get
 * a problem+json answer with a request id like any other, instead of Node's bare status line.
 */
export function answerClientErrorsAsProblems(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    const { status, title, code, detail } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED_REQUEST;
    const id = randomUUID();
    const body = JSON.stringify({
      type: `/problems/${code}`,
      title,
      status,
      detail,
      instance: '',
      code,
      requestId: id,
    });
    socket.end(
      [
        `HTTP/1.1 ${status} ${title}`,
        `Content-Type: ${PROBLEM_CONTENT_TYPE}`,
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Request-Id: ${id}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  });
}
