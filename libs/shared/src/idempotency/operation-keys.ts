import { AsyncLocalStorage } from 'node:async_hooks';
import { hash } from 'node:crypto';

/** The running request's `Idempotency-Key`, as `requestIdempotencyOf` makes it; nothing outside such a request. */
const requestKeys = new AsyncLocalStorage<string>();

/**
 * What names a request behind an `Idempotency-Key` to an outside party: a hash of who sent it, the
 * key and the request, so two callers' keys never meet and none is sent as it came.
 */
export const requestIdempotencyOf = (scope: string, key: string, requestHash: string): string =>
  `req_${hash('sha256', `${scope}\n${key}\n${requestHash}`).slice(0, 40)}`;

/** Runs the rest of a request as the one `identity` names (the idempotency middleware, once it took the key). */
export function withRequestIdempotency<T>(identity: string, work: () => T): T {
  return requestKeys.run(identity, work);
}

/**
 * The idempotency key a step of an operation gives an outside party (a card processor). From the
 * request's `Idempotency-Key` when it carried one, so the same request retried (its first attempt
 * cut short, its instance gone) gives the same key and the party answers what the first attempt
 * did, rather than doing it twice; otherwise from the operation's own new id (`operationId`), as a
 * request without a key is a new operation each time. `step` tells apart the calls of one operation.
 */
export function operationKey(operationId: string, step: string): string {
  return `${requestKeys.getStore() ?? operationId}:${step}`;
}
