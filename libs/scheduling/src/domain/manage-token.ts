import { createHmac, hash } from 'node:crypto';

/**
 * The secret a patient who booked online sees, cancels and moves their booking with: an HMAC-SHA256
 * of the booking's id under a key derived from the master key, so it is as unguessable as 256 random
 * bits, and the emails about the booking can carry it again. Stored only as its SHA-256 (a leaked
 * table gives no working token).
 */
export function manageTokenOf(key: Buffer, bookingId: string): string {
  return createHmac('sha256', key).update(bookingId).digest('base64url');
}

export function manageTokenHash(token: string): string {
  return hash('sha256', token);
}

/** Tokens are 43 base64url characters; anything else names no booking and is never looked up. */
export const isManageTokenShaped = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value);
