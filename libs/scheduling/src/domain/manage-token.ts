import { hash, randomBytes } from 'node:crypto';

/**
 * The secret a patient who booked online sees and cancels their booking with: 256 random bits,
 * shown once, stored only as its SHA-256 (a leaked table gives no working token).
 */
export function newManageToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: manageTokenHash(token) };
}

export function manageTokenHash(token: string): string {
  return hash('sha256', token);
}

/** Tokens are 43 base64url characters; anything else names no booking and is never looked up. */
export const isManageTokenShaped = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value);
