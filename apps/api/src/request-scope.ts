import { AsyncLocalStorage } from 'node:async_hooks';
import { type EntityManager, RequestContext } from '@mikro-orm/postgresql';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { requestIdOf, type RequestLog } from '@app/shared';

/** What code running for a request finds through `requests`: the request's id, and its EntityManager, forked the first time something asks for it. */
class RequestScope {
  private fork?: EntityManager;
  private forking = false;

  constructor(
    readonly id: string,
    private readonly root: EntityManager,
  ) {}

  entityManager(name: string): EntityManager | undefined {
    if (name !== this.root.name) return undefined;
    // Making a fork asks for the context (the new EntityManager resolves its own); as in
    // `RequestContext.create`, there is none yet while it is made.
    if (this.fork === undefined && !this.forking) {
      this.forking = true;
      try {
        this.fork = this.root.fork({ useContext: true });
      } finally {
        this.forking = false;
      }
    }
    return this.fork;
  }
}

const requests = new AsyncLocalStorage<RequestScope>();

/**
 * Each request's own setup, in one middleware: its id (echoed as `X-Request-Id`), its log line
 * (`RequestLog`), and its scope. The scope is MikroORM's request context (what
 * `registerRequestContext` does: one EntityManager fork per request, its own identity map and unit
 * of work), except that the fork is made when the request first uses it: reads go through
 * `SqlReader` on the pool and never do, so a list request pays for no EntityManager; a write forks
 * as before.
 */
export function requestScope(em: EntityManager, log: RequestLog): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const id = requestIdOf(request);
    request.id = id;
    response.setHeader('X-Request-Id', id);
    log.watch(request, response);
    requests.run(new RequestScope(id, em), next);
  };
}

/** The id of the request being served, for its log lines; `undefined` outside a request. */
export function currentRequestId(): string | undefined {
  return requests.getStore()?.id;
}

/**
 * The ORM's `context` option: the request's fork, or outside a request MikroORM's own request
 * context (`RequestContext.create`, used by start-up, jobs and tests).
 */
export function currentEntityManager(name: string): ReturnType<typeof RequestContext.getEntityManager> {
  return requests.getStore()?.entityManager(name) ?? RequestContext.getEntityManager(name);
}
