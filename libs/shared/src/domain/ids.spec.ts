import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { isPrefixedId, newPrefixedId } from './ids.js';

/** The KSUID encoding by its definition: the 20 bytes as one big-endian number, in base 62. */
function reference(now: Date, random: Buffer): string {
  const bytes = Buffer.alloc(20);
  bytes.writeUInt32BE(Math.floor(now.getTime() / 1000) - 1_400_000_000, 0);
  random.copy(bytes, 4, 0, 16);
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let encoded = '';
  while (value > 0n) {
    encoded = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'[Number(value % 62n)] + encoded;
    value /= 62n;
  }
  return encoded.padStart(27, '0');
}

describe('newPrefixedId', () => {
  it('encodes the time and random bytes as a KSUID', () => {
    const cases: Array<[Date, Buffer]> = [
      [new Date('2026-11-24T10:00:00Z'), Buffer.alloc(16, 0)],
      [new Date('2026-11-24T10:00:00Z'), Buffer.alloc(16, 0xff)],
      [new Date(1_400_000_000_000), Buffer.alloc(16, 0)],
      ...Array.from({ length: 200 }, (_, i): [Date, Buffer] => [
        new Date(1_700_000_000_000 + i * 7_919_000),
        randomBytes(16),
      ]),
    ];
    for (const [now, random] of cases) expect(newPrefixedId('evt', now, random)).toBe(`evt_${reference(now, random)}`);
    expect(newPrefixedId('org', new Date(1_400_000_000_000), Buffer.alloc(16, 0))).toBe(`org_${'0'.repeat(27)}`);
  });

  it('makes distinct, well-formed ids that sort by their second', () => {
    const earlier = Array.from({ length: 600 }, () => newPrefixedId('evt', new Date('2026-11-24T10:00:00Z')));
    const later = newPrefixedId('evt', new Date('2026-11-24T10:00:01Z'));
    expect(new Set(earlier).size).toBe(earlier.length);
    for (const id of earlier) {
      expect(isPrefixedId('evt', id)).toBe(true);
      expect(id < later).toBe(true);
    }
  });
});
