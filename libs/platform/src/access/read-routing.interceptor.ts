import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { finalize, type Observable } from 'rxjs';
import { ReadReplicas } from '@app/shared';

/** Methods that change nothing; every other one may write. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Which database an API key's request reads (with `DATABASE_READ_URLS`): a safe request's reads
 * may go to a replica, and a request that may write keeps the key's later reads on the primary
 * until a replica has replayed it (`ReadReplicas`). Requests without a key (public routes) read
 * the primary. Runs after the guards, once the key is known; registered only when replicas are
 * configured (`PlatformModule.withOrganisationsFrom`).
 */
@Injectable()
export class ReadRoutingInterceptor implements NestInterceptor {
  constructor(private readonly replicas: ReadReplicas) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const keyId = request.caller?.keyId;
    if (keyId === undefined) return next.handle();
    if (SAFE_METHODS.has(request.method)) return this.replicas.forKey(keyId, () => next.handle());
    const finished = this.replicas.writeStarted(keyId);
    return next.handle().pipe(finalize(() => void finished()));
  }
}
