import { HttpException, HttpStatus } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, type ErrorKind, type FieldError } from '../domain/index.js';
import { isDatabaseOutage, RETRY_AFTER_OUTAGE_SECONDS, SERVICE_UNAVAILABLE } from './database-outage.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** RFC 9457 problem details, as every error of this API is written. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: string;
  requestId: string;
  errors?: FieldError[];
  [extension: string]: unknown;
}

const STATUS_OF_KIND = {
  validation: HttpStatus.BAD_REQUEST,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  payment_required: HttpStatus.PAYMENT_REQUIRED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  method_not_allowed: HttpStatus.METHOD_NOT_ALLOWED,
  conflict: HttpStatus.CONFLICT,
  gone: HttpStatus.GONE,
  precondition_failed: HttpStatus.PRECONDITION_FAILED,
  payload_too_large: HttpStatus.PAYLOAD_TOO_LARGE,
  unsupported_media_type: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
  internal: HttpStatus.INTERNAL_SERVER_ERROR,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
} as const satisfies Record<ErrorKind, HttpStatus>;

/** Nest's own exceptions (unknown route, throttling, ...) become the domain error of their status. */
const ERROR_OF_STATUS: Partial<Record<number, [ErrorKind, string]>> = {
  400: ['validation', 'validation_failed'],
  401: ['unauthenticated', 'unauthenticated'],
  403: ['forbidden', 'forbidden'],
  404: ['not_found', 'not_found'],
  409: ['conflict', 'conflict'],
  412: ['precondition_failed', 'precondition_failed'],
  413: ['payload_too_large', 'payload_too_large'],
  415: ['unsupported_media_type', 'unsupported_media_type'],
  429: ['rate_limited', 'rate_limited'],
  503: ['unavailable', 'service_unavailable'],
};

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const INTERNAL_ERROR = new DomainError(
  'internal',
  'internal_error',
  'An unexpected error occurred. Quote the requestId when reporting it.',
);

/** Any thrown value as a domain error; `undefined` when it is an unexpected (500) failure. */
export function asDomainError(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const known = ERROR_OF_STATUS[status];
    if (known) {
      const message =
        status === 404
          ? 'No resource exists at this address.'
          : status === 429
            ? 'Too many requests; retry after the time in Retry-After.'
            : error.message;
      return new DomainError(known[0], known[1], message);
    }
  }
  if (isDatabaseOutage(error)) return SERVICE_UNAVAILABLE;
  return undefined;
}

export function problemOf(error: DomainError, request: Pick<Request, 'originalUrl' | 'id'>): Problem {
  const status = STATUS_OF_KIND[error.kind];
  return {
    type: `/problems/${error.code}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail: error.message,
    instance: request.originalUrl,
    code: error.code,
    requestId: String(request.id),
    ...(error.errors ? { errors: error.errors } : {}),
    ...error.extensions,
  };
}

export function sendProblem(response: Response, problem: Problem): void {
  if (problem.status === 401) response.setHeader('WWW-Authenticate', 'Bearer');
  if (problem.status === 503 && !response.hasHeader('Retry-After'))
    response.setHeader('Retry-After', String(RETRY_AFTER_OUTAGE_SECONDS));
  response.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}
