import { DomainError } from './domain-error.js';

/**
 * The `updatedAt` a change gives a resource: now, or one millisecond after its last change when the
 * clock has not moved on (or went back), so every change has its own `updatedAt` and so its own ETag.
 */
export function nextUpdatedAt(previous: Date, now: Date): Date {
  return new Date(Math.max(now.getTime(), previous.getTime() + 1));
}

/** The strong ETag of a resource's version: it changes whenever the resource does, because its `updatedAt` does. */
export function etagOf(updatedAt: Date | string): string {
  return `"${new Date(updatedAt).getTime().toString(36)}"`;
}

export const preconditionFailed = (): DomainError =>
  new DomainError(
    'precondition_failed',
    'precondition_failed',
    'The resource has changed since the ETag sent in If-Match. Read it again, then reapply the change.',
  );

/**
 * A conditional change (`If-Match`) goes ahead only while the resource is still the version the
 * caller read: one of the listed strong ETags, or `*`. No header: the last write wins.
 */
export function assertIfMatch(ifMatch: string | undefined, updatedAt: Date): void {
  if (ifMatch === undefined) return;
  const current = etagOf(updatedAt);
  const listed = ifMatch.split(',').map((tag) => tag.trim());
  if (!listed.some((tag) => tag === '*' || tag === current)) throw preconditionFailed();
}
