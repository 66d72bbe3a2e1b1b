import { type ArgumentsHost, Catch, type ExceptionFilter, Logger, NotFoundException } from '@nestjs/common';
import { DomainError } from '../domain/index.js';
import type { AllowedMethods } from './allowed-methods.js';
import type { Request, Response } from 'express';
import { domainErrorOfDatabase, TRANSACTION_CONFLICT } from './database-errors.js';
import { asDomainError, INTERNAL_ERROR, problemOf, sendProblem } from './problem.js';

/** The one place where errors become HTTP: every failure leaves as problem+json. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  constructor(private readonly allowedMethods: AllowedMethods) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const fromDatabase = domainErrorOfDatabase(exception);
    // Validation should have refused the value: the warning names a gap to close (the fuzz test fails on it).
    if (fromDatabase === TRANSACTION_CONFLICT)
      this.logger.warn({ err: exception, requestId: request.id }, 'A deadlock with another request ended this one');
    else if (fromDatabase)
      this.logger.warn({ err: exception, requestId: request.id }, 'Database rejected request input');
    const error =
      methodNotAllowed(exception, request, response, this.allowedMethods) ?? asDomainError(exception) ?? fromDatabase;
    if (!error) this.logger.error({ err: exception, requestId: request.id }, 'Unhandled error');
    if (response.headersSent) return;
    sendProblem(response, problemOf(error ?? INTERNAL_ERROR, request));
  }
}

/** Nest's 404 for a request no route took, on a path that has routes for other methods: 405 with `Allow`. */
function methodNotAllowed(
  exception: unknown,
  request: Request,
  response: Response,
  allowedMethods: AllowedMethods,
): DomainError | undefined {
  if (!(exception instanceof NotFoundException)) return undefined;
  const allowed = allowedMethods.of(request);
  if (allowed.length === 0 || allowed.includes(request.method)) return undefined;
  return refused(request, response, allowed);
}

function refused(request: Request, response: Response, allowed: string[]): DomainError {
  response.setHeader('Allow', allowed.join(', '));
  return new DomainError(
    'method_not_allowed',
    'method_not_allowed',
    `${request.method} is not supported here; use ${allowed.join(', ')}.`,
  );
}

/**
 * Express middleware: a request to a literal path with the wrong method (`GET …/remittances/fetch`)
 * is answered 405 as a request no route took, not by the parameter route beside it
 * (`GET …/remittances/:remittanceId`), whose guards and pipes would answer 403 or 404.
 */
export function literalPathsFirst(allowedMethods: AllowedMethods) {
  return (request: Request, response: Response, next: () => void): void => {
    // OPTIONS is answered as Express answers it, with the path's methods.
    const allowed = request.method === 'OPTIONS' ? undefined : allowedMethods.refusedByLiteralPath(request);
    if (allowed) sendProblem(response, problemOf(refused(request, response, allowed), request));
    else next();
  };
}
