import { describe, expect, it } from '@jest/globals';
import { SealedBox } from './sealed-box.js';

const MASTER_KEY = Buffer.from('6d3c0f1e9a2b4c5d8e7f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5', 'hex');
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('SealedBox', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = new SealedBox(MASTER_KEY, 'webhook endpoint secret');
    const [once, twice] = [box.seal(SECRET), box.seal(SECRET)];
    expect(once).not.toBe(twice);
    expect([box.open(once), box.open(twice)]).toEqual([SECRET, SECRET]);
    expect(once).toMatch(/^v1:/);
    expect(once).not.toContain(SECRET.slice('whsec_'.length));
  });

  it('gives each purpose its own key: what one sealed, another cannot open', () => {
    const sealed = new SealedBox(MASTER_KEY, 'webhook endpoint secret').seal(SECRET);
    expect(() => new SealedBox(MASTER_KEY, 'idempotency stored answer').open(sealed)).toThrow();
    expect(() => new SealedBox(Buffer.alloc(32, 7), 'webhook endpoint secret').open(sealed)).toThrow();
  });

  it('refuses altered text, and text it never sealed', () => {
    const box = new SealedBox(MASTER_KEY, 'webhook endpoint secret');
    const bytes = Buffer.from(box.seal(SECRET).slice(3), 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(() => box.open(`v1:${bytes.toString('base64')}`)).toThrow();
    expect(() => box.open(SECRET)).toThrow(/format/);
    expect(() => box.open('v1:')).toThrow(/format/);
  });
});
