import { DomainError } from './domain-error.js';

/** Amounts are integer cents of AUD everywhere: `12050` is $120.50. */
export type Cents = number;

export const CURRENCY = 'AUD';

export function assertCents(value: number, field: string): Cents {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new DomainError(
      'validation',
      'validation_failed',
      `${field} must be a non-negative integer number of cents.`,
      [{ field, code: 'invalid_amount', message: 'must be a non-negative integer number of cents' }],
    );
  }
  return value;
}

export const sumCents = (values: readonly Cents[]): Cents => values.reduce((total, value) => total + value, 0);

/** `percent`% of an amount (never negative), to a whole cent with halves rounded up (`Math.round`, which takes -2.5 to -2). */
export function percentOf(amount: Cents, percent: number): Cents {
  return Math.round((amount * percent) / 100);
}
