import { applyDecorators, type CallHandler, type ExecutionContext, Headers, Injectable, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
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
        if (typeof updatedAt === 'string') context.switchToHttp().getResponse<Response>().setHeader('ETag', etagOf(updatedAt));
        return answer;
      }),
    );
  }
}

const ETAG_HEADER = { ETag: { description: 'The version of the resource; send it in `If-Match` to change only this version.', schema: { type: 'string' } } };

/** A single-resource GET: its answer carries the resource's strong `ETag`. */
export const ETagged = (): MethodDecorator => applyDecorators(UseInterceptors(ETagInterceptor), ApiResponse({ status: 200, headers: ETAG_HEADER }));

/**
 * A PATCH or DELETE that takes `If-Match`: the change happens only while the resource is still the
 * version named (412 `precondition_failed` otherwise). The answer carries the new `ETag`.
 */
export const Conditional = (): MethodDecorator =>
  applyDecorators(
    UseInterceptors(ETagInterceptor),
    ApiHeader({ name: 'If-Match', required: false, description: 'The `ETag` of the version you read; without it the last write wins.' }),
    ApiResponse({ status: 200, headers: ETAG_HEADER }),
    ApiResponse({ status: 412, ...problemResponse(412) }),
  );

/** The `If-Match` request header, as sent (`undefined` when absent). */
export const IfMatch = (): ParameterDecorator => Headers('if-match');
