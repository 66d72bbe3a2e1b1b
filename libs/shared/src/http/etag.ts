import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Headers,
  Injectable,
  type NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { ApiExtension, ApiHeader, ApiResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';
import { etagOf } from '../domain/index.js';
import { problemResponse } from './api-docs.decorators.js';

/** Sets `ETag` from the answer's `updatedAt`: the version of the resource the answer shows. */
@Injectable()
class ETagInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((answer: unknown) => {
        const updatedAt = (answer as { updatedAt?: unknown } | undefined)?.updatedAt;
        if (typeof updatedAt === 'string')
          context.switchToHttp().getResponse<Response>().setHeader('ETag', etagOf(updatedAt));
        return answer;
      }),
    );
  }
}

/**
 * Marks an operation whose 200 answer carries `ETag`; the document pass adds the header to that
 * answer. (A second `ApiResponse` for 200 would replace the route's own, whichever came first.)
 */
export const ETAG_EXTENSION = 'x-etag';

/** A single-resource GET: its answer carries the resource's strong `ETag`. */
export const ETagged = (): MethodDecorator =>
  applyDecorators(UseInterceptors(ETagInterceptor), ApiExtension(ETAG_EXTENSION, true));

/**
 * A PATCH or DELETE that takes `If-Match`: the change happens only while the resource is still the
 * version named (412 `precondition_failed` otherwise). The answer carries the new `ETag`.
 */
export const Conditional = (): MethodDecorator =>
  applyDecorators(
    UseInterceptors(ETagInterceptor),
    ApiHeader({
      name: 'If-Match',
      required: false,
      description: 'The `ETag` of the version you read; without it the last write wins.',
    }),
    ApiExtension(ETAG_EXTENSION, true),
    ApiResponse({ status: 412, ...problemResponse(412) }),
  );

/** The `If-Match` request header, as sent (`undefined` when absent). */
export const IfMatch = (): ParameterDecorator => Headers('if-match');
