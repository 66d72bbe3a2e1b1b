import { AsyncLocalStorage } from 'node:async_hooks';
import { type EntityManager, RequestContext } from '@mikro-orm/postgresql';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** A request's EntityManager, forked the first time something asks for it. */
class ForkOnFirstUse {
  private fork?: EntityManager;
  private forking = false;

  constructor(private readonly root: EntityManager) {}

  get(name: string): EntityManager | undefined {
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

const requests = new AsyncLocalStorage<ForkOnFirstUse>();

/**
 * MikroORM's request context (what `registerRequestContext` does: one EntityManager fork per
 * request, its own identity map and unit of work), except that the fork is made when the request
 * first uses it. Reads go through `SqlReader` on the pool and never do, so a list request no
 * longer pays for an EntityManager it throws away; a write forks as before.
 */
export function lazyRequestContext(em: EntityManager): RequestHandler {
  return (_request: Request, _response: Response, next: NextFunction) => requests.run(new ForkOnFirstUse(em), next);
}

/**
 * The ORM's `context` option: the request's fork, or outside a request MikroORM's own request
 * context (`RequestContext.create`, used by start-up, jobs and tests).
 */
export function currentEntityManager(name: string): ReturnType<typeof RequestContext.getEntityManager> {
  return requests.getStore()?.get(name) ?? RequestContext.getEntityManager(name);
}
