import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KSUID_EPOCH_SECONDS = 1_400_000_000;
const KSUID_LENGTH = 27;

export type IdPrefix = 'org' | 'memb' | 'key' | 'evt';

/**
 * `org_…`, `memb_…`, `key_…`, `evt_…`: a prefix and a KSUID, 27 base-62 characters whose first four
 * bytes are seconds since the KSUID epoch, so ids sort by creation time.
 */
export function newPrefixedId(prefix: IdPrefix, now: Date = new Date(), random: Buffer = randomPayload()): string {
  // The 160-bit KSUID as five 32-bit words, divided by 62 in doubles (every step stays below 2^38): BigInt division costs more than the rest of an event.
  const words = [
    Math.floor(now.getTime() / 1000) - KSUID_EPOCH_SECONDS,
    random.readUInt32BE(0),
    random.readUInt32BE(4),
    random.readUInt32BE(8),
    random.readUInt32BE(12),
  ];
  let encoded = '';
  while (words.some((word) => word !== 0)) {
    let remainder = 0;
    for (let i = 0; i < words.length; i++) {
      const value = remainder * 2 ** 32 + words[i];
      words[i] = Math.floor(value / 62);
      remainder = value % 62;
    }
    encoded = BASE62[remainder] + encoded;
  }
  return `${prefix}_${encoded.padStart(KSUID_LENGTH, '0')}`;
}

const RANDOM_POOL_BYTES = 16 * 256;
let randomPool = Buffer.alloc(0);
let randomOffset = 0;

/** 16 random bytes, from a pool refilled 256 ids at a time: one `randomBytes` call costs more than the id. */
function randomPayload(): Buffer {
  if (randomOffset + 16 > randomPool.length) {
    randomPool = randomBytes(RANDOM_POOL_BYTES);
    randomOffset = 0;
  }
  randomOffset += 16;
  return randomPool.subarray(randomOffset - 16, randomOffset);
}

const PREFIXED_ID = /^(org|memb|key|evt)_[0-9A-Za-z]{27}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isPrefixedId(prefix: IdPrefix, value: string): boolean {
  return PREFIXED_ID.test(value) && value.startsWith(`${prefix}_`);
}

export const newUuid = (): string => uuidv7();

export const isUuid = (value: string): boolean => UUID.test(value);
