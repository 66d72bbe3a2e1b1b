import { isDeepStrictEqual } from 'node:util';
import { nextUpdatedAt } from '@app/shared/domain';

/**
 * Sets on `resource` each field of `next` that is defined and differs from its own value (objects
 * compared by content, so a JSON column read back in another key order is still equal), and when any
 * did, moves its `updatedAt` on. `next` is validated before this, so a refused change sets nothing.
 * Whether anything changed.
 */
export function applyChanges<T extends { updatedAt: Date }>(
  resource: T,
  next: { [K in keyof T]?: T[K] },
  now: Date,
): boolean {
  let changed = false;
  for (const key of Object.keys(next) as (keyof T)[]) {
    const value = next[key];
    if (value === undefined || isDeepStrictEqual(resource[key], value)) continue;
    resource[key] = value;
    changed = true;
  }
  if (changed) resource.updatedAt = nextUpdatedAt(resource.updatedAt, now);
  return changed;
}

/** The fields of a partial object that were sent: those left `undefined` change nothing. */
export const sentFields = <T extends object>(changes: T): Partial<T> =>
  Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
