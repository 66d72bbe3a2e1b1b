import { Injectable } from '@nestjs/common';
import { type Caller, NoticeKeptCache } from '@app/shared';
import { type ApiKeyRefusal, isExpired } from '../keys/domain/api-key.js';

/** At most this long, even when no change is announced: a backstop, not what keeps it right. */
const TTL_MS = 60_000;
/** At most this many of each kind (emptied when full; a miss costs one indexed lookup). */
const MAX_ENTRIES = 10_000;

export interface KnownKey {
  caller: Caller;
  expiresAt: Date | null;
}

export type Refusal = ApiKeyRefusal | 'unknown';

/**
 * Authentications remembered per secret hash: known keys (positive) and refused secrets
 * (negative: unknown, revoked or expired), so that a request costs no statement for its key.
 *
 * Why it is invalidated by notice rather than by a short TTL: a revoked key must be refused by
 * every instance within 5 s, and a TTL that short would still leave a 5 s window
 * and send a lookup for most requests. So every change a cache may hold wrongly (a revocation; a
 * new key whose secret an instance remembers as unknown, such as a bootstrap key) is announced by
 * `pg_notify` in the statement that makes it, and `ApiKeyChangeListener` forgets that secret here,
 * on every instance, as soon as the change commits. Notices sent while the listening connection
 * is down are lost, so the cache is trusted only while it listens: emptied on every (re)connect,
 * and bypassed (every request looks its key up) until then. A lookup that started before a change
 * committed and finishes after its notice arrived would store a stale answer, so an answer is
 * stored only if no notice arrived while it was looked up (`generation`).
 */
@Injectable()
export class ApiKeyCache extends NoticeKeptCache {
  private readonly known = new Map<string, KnownKey & { until: number }>();
  private readonly refused = new Map<string, { refusal: Refusal; until: number }>();

  /** A known key that is still valid at `now`, or why the secret is refused; `undefined`: look it up. */
  lookup(secretHash: string, now: Date): { known: KnownKey } | { refusal: Refusal } | undefined {
    if (!this.trusted) return undefined;
    const known = this.known.get(secretHash);
    if (known && known.until > now.getTime())
      return isExpired(known.expiresAt, now) ? { refusal: 'expired' } : { known };
    const refused = this.refused.get(secretHash);
    if (refused && refused.until > now.getTime()) return { refusal: refused.refusal };
    return undefined;
  }

  rememberKnown(secretHash: string, key: KnownKey, version: number, now: Date): void {
    if (this.mayKeep(version)) store(this.known, secretHash, { ...key, until: now.getTime() + TTL_MS });
  }

  rememberRefused(secretHash: string, refusal: Refusal, version: number, now: Date): void {
    if (this.mayKeep(version)) store(this.refused, secretHash, { refusal, until: now.getTime() + TTL_MS });
  }

  /** A change to the key with this secret was committed. */
  protected drop(secretHash: string): void {
    this.known.delete(secretHash);
    this.refused.delete(secretHash);
  }

  protected dropAll(): void {
    this.known.clear();
    this.refused.clear();
  }
}

function store<V>(cache: Map<string, V>, key: string, value: V): void {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, value);
}
