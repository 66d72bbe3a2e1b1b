import { describe, expect, it } from '@jest/globals';
import { AppConfig } from '@app/shared';
import { isManageTokenShaped } from '../domain/manage-token.js';
import { ManageTokens } from './manage-tokens.js';

const tokensUnder = (key: string) => new ManageTokens(new AppConfig({ WALLET_ENCRYPTION_KEY: key }));
const KEY = '6d3c0f1e9a2b4c5d8e7f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5';
const OTHER_KEY = '0a1b2c3d4e5f60718293a4b5c6d7e8f96d3c0f1e9a2b4c5d8e7f60718293a4b5';
const BOOKING = '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a';

describe('manage tokens', () => {
  it('are made again from the booking id under the same master key, and only then', () => {
    const { token, hash } = tokensUnder(KEY).forBooking(BOOKING);
    expect(isManageTokenShaped(token)).toBe(true);
    expect(tokensUnder(KEY).of({ id: BOOKING, manageTokenHash: hash })).toBe(token);
    expect(tokensUnder(KEY).forBooking('0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2b').token).not.toBe(token);
    expect(tokensUnder(OTHER_KEY).of({ id: BOOKING, manageTokenHash: hash })).toBeNull();
  });

  it('are none for a booking the clinic made', () => {
    expect(tokensUnder(KEY).of({ id: BOOKING, manageTokenHash: null })).toBeNull();
  });
});
