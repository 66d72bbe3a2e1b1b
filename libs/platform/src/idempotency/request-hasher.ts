import { createHmac, hkdfSync } from 'node:crypto';
import type { AppConfig } from '@app/shared';

const HKDF_INFO = 'idempotency request hash';

/** JSON with sorted keys, so the same body in another key order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What identifies a request behind an `Idempotency-Key`. Bodies hold Medicare and health fund card
 * numbers, whose few digits a plain hash would give away to a brute force: so an HMAC, keyed by a
 * key derived (HKDF, its own label) from the configured master key, like the wallet's keys.
 */
export class RequestHasher {
  constructor(private readonly key: Buffer) {}

  static fromConfig(config: AppConfig): RequestHasher {
    return new RequestHasher(Buffer.from(hkdfSync('sha256', config.masterKey(), Buffer.alloc(0), HKDF_INFO, 32)));
  }

  hash(method: string, url: string, body: unknown): string {
    return createHmac('sha256', this.key)
      .update(`${method} ${url}\n${canonicalJson(body ?? null)}`)
      .digest('hex');
  }
}
