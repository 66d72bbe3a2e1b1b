import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { asDomainError, INTERNAL_ERROR, problemOf, sendProblem } from './problem.js';

/** The one place where errors become HTTP: every failure leaves as problem+json. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const error = asDomainError(exception);
    if (!error) this.logger.error({ err: exception, requestId: request.id }, 'Unhandled error');
    if (response.headersSent) return;
    sendProblem(response, problemOf(error ?? INTERNAL_ERROR, request));
  }
}
