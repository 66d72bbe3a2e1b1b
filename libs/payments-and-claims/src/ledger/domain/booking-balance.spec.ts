import { describe, expect, it } from '@jest/globals';
import { gapAfterClaims, openBeforeClaims } from './booking-balance.js';

const BOOKING = '0193a6fa-a314-7fd6-a1e8-4c5d6e7f8091';

describe('openBeforeClaims', () => {
  it('is the whole of the charges on a first check-out', () => {
    expect(openBeforeClaims(BOOKING, 12000, 0)).toBe(12000);
  });

  it('is nothing, and not refused, for a free service no one has paid for', () => {
    expect(openBeforeClaims(BOOKING, 0, 0)).toBe(0);
  });

  it('leaves out what earlier check-outs still hold', () => {
    expect(openBeforeClaims(BOOKING, 12000, 7200)).toBe(4800);
  });

  it('refuses a check-out with nothing open: 409 booking_already_paid naming what is held', () => {
    for (const held of [12000, 15000]) {
      expect(() => openBeforeClaims(BOOKING, 12000, held)).toThrow(
        expect.objectContaining({ kind: 'conflict', code: 'booking_already_paid' }),
      );
    }
    expect(() => openBeforeClaims(BOOKING, 7200, 7200)).toThrow(/hold 7200 cents of the 7200/);
  });
});

describe('gapAfterClaims', () => {
  it('is what the claims left, less what earlier check-outs hold', () => {
    // 12000 charged, the fund pays 4800 (left 7200), an earlier card payment holds 5000.
    expect(gapAfterClaims(BOOKING, 7200, 5000)).toBe(2200);
    expect(gapAfterClaims(BOOKING, 7200, 0)).toBe(7200);
  });

  it('is nothing when the claims pay exactly what was open', () => {
    expect(gapAfterClaims(BOOKING, 7200, 7200)).toBe(0);
  });

  it('refuses claims that would leave the business holding more than the charges', () => {
    expect(() => gapAfterClaims(BOOKING, 0, 7200)).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'booking_already_paid' }),
    );
  });
});
