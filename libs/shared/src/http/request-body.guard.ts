import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';

/** Raises the body error `jsonBody()` recorded (415, 413, malformed JSON) inside Nest's error handling. */
@Injectable()
export class RequestBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { bodyError } = context.switchToHttp().getRequest<Request>();
    if (bodyError) throw bodyError;
    return true;
  }
}
