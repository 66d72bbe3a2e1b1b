import { type CallHandler, type ExecutionContext, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import type { DomainError } from '@app/shared';

/** Builds, from the first (successful) answer, the error a replay gets instead of that answer. */
export type ReplayError = (firstAnswer: unknown) => DomainError;

// The middleware sees the request before routing, so the route marks its request once it is chosen.
const replayErrors = new WeakMap<Request, ReplayError>();

class MarkAnswerShownOnce implements NestInterceptor {
  constructor(private readonly replayError: ReplayError) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    replayErrors.set(context.switchToHttp().getRequest<Request>(), this.replayError);
    return next.handle();
  }
}

/**
 * For a route whose successful answer holds a secret that is shown once (an API key): that answer
 * is never stored for `Idempotency-Key` replays. A retry with the same key and body gets the error
 * `replayError` makes from the first answer instead, so the secret is never kept at rest.
 */
export const AnswerShownOnce = <Answer>(replayError: (firstAnswer: Answer) => DomainError): MethodDecorator =>
  UseInterceptors(new MarkAnswerShownOnce(replayError as ReplayError));

export const replayErrorOf = (request: Request): ReplayError | undefined => replayErrors.get(request);
