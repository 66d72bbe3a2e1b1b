import { assertDateOfBirth, invalidField, toE164 } from '@app/shared/domain';

export const MAX_NAME_LENGTH = 100;

/** A first or last name: 1 to 100 characters once surrounding spaces are removed. */
export function personName(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed.length === 0) throw invalidField(field, 'required', 'must not be empty');
  if (trimmed.length > MAX_NAME_LENGTH)
    throw invalidField(field, 'too_long', `must be at most ${MAX_NAME_LENGTH} characters`);
  return trimmed;
}

/** A phone number in any Australian or E.164 form, kept as E.164; absent stays `null`. */
export const optionalMobileNumber = (value: string | null | undefined, field: string): string | null =>
  value === undefined || value === null ? null : toE164(value, field);

/** `YYYY-MM-DD` of a past day; absent stays `null`. */
export const optionalDateOfBirth = (value: string | null | undefined, field: string, now: Date): string | null =>
  value === undefined || value === null ? null : assertDateOfBirth(value, field, now);

/** A field a change may leave out but not clear. */
export function notNull<T>(value: T | null, field: string): T {
  if (value === null) throw invalidField(field, 'required', 'must not be null');
  return value;
}
