import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { AppConfig } from '@app/shared';

const HKDF_INFO = 'idempotency request hash';

/** JSON with sorted keys, so the same body in another key order is the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The same 32-byte key format the wallet accepts: 64 hex characters or base64. */
function parseMasterKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('WALLET_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

/**
 * What identifies a request behind an `Idempotency-Key`. Bodies hold Medicare and health fund card
 * numbers, whose few digits a plain hash would give away to a brute force: so an HMAC, keyed by a
 * key derived (HKDF, its own label) from the configured master key.
 */
export class RequestHasher {
  constructor(private readonly key: Buffer) {}

  static fromConfig(config: AppConfig): RequestHasher {
    return new RequestHasher(Buffer.from(hkdfSync('sha256', masterKeyOf(config), Buffer.alloc(0), HKDF_INFO, 32)));
  }

  hash(method: string, url: string, body: unknown): string {
    return createHmac('sha256', this.key)
      .update(`${method} ${url}\n${canonicalJson(body ?? null)}`)
      .digest('hex');
  }
}

/** `WALLET_ENCRYPTION_KEY`; the embedded default keeps a key of its own in its data folder. */
function masterKeyOf(config: AppConfig): Buffer {
  if (config.walletEncryptionKey) return parseMasterKey(config.walletEncryptionKey);
  if (config.databaseUrl) throw new Error('WALLET_ENCRYPTION_KEY is required when DATABASE_URL is set (32 bytes as 64 hex characters or base64)');
  return parseMasterKey(config.secretInDataDir('idempotency-hash-key', () => randomBytes(32).toString('hex')));
}
