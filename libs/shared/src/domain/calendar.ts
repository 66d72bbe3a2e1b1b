import { invalidField } from './domain-error.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` naming a real calendar day. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date of birth: a real day, before today (in UTC) and not before 1900. */
export function assertDateOfBirth(value: string, field: string, now: Date): string {
  if (!isIsoDate(value)) throw invalidField(field, 'invalid_format', 'must be a date as YYYY-MM-DD');
  if (value >= now.toISOString().slice(0, 10)) throw invalidField(field, 'not_in_past', 'must be a date in the past');
  if (value < '1900-01-01') throw invalidField(field, 'out_of_range', 'must be on or after 1900-01-01');
  return value;
}
