import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KSUID_EPOCH_SECONDS = 1_400_000_000;
const KSUID_LENGTH = 27;

export type IdPrefix = 'org' | 'memb' | 'key' | 'evt';

/**
 * `org_…`, `memb_…`, `key_…`: a prefix and a KSUID, 27 base-62 characters whose first four bytes
 * are seconds since the KSUID epoch, so ids sort by creation time.
 */
export function newPrefixedId(prefix: IdPrefix, now: Date = new Date(), random: Buffer = randomBytes(16)): string {
  const bytes = Buffer.alloc(20);
  bytes.writeUInt32BE(Math.floor(now.getTime() / 1000) - KSUID_EPOCH_SECONDS, 0);
  random.copy(bytes, 4, 0, 16);
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let encoded = '';
  while (value > 0n) {
    encoded = BASE62[Number(value % 62n)] + encoded;
    value /= 62n;
  }
  return `${prefix}_${encoded.padStart(KSUID_LENGTH, '0')}`;
}

const PREFIXED_ID = /^(org|memb|key|evt)_[0-9A-Za-z]{27}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isPrefixedId(prefix: IdPrefix, value: string): boolean {
  return PREFIXED_ID.test(value) && value.startsWith(`${prefix}_`);
}

export const newUuid = (): string => uuidv7();

export const isUuid = (value: string): boolean => UUID.test(value);
