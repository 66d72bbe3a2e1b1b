import { type FieldError, validationFailed } from '@app/shared/domain';

export type MetadataValue = string | number | boolean | null;

/** Free-form key/value pairs a platform keeps on a member; flat, so it stays searchable and small. */
export type MemberMetadata = Record<string, MetadataValue>;

export const MAX_METADATA_KEYS = 50;
export const MAX_METADATA_KEY_LENGTH = 40;
export const MAX_METADATA_VALUE_LENGTH = 500;

/** JSON path of one key: `metadata.plan`, or `metadata["two words"]` when the key is not a plain name. */
export const metadataPath = (key: string): string =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `metadata.${key}` : `metadata[${JSON.stringify(key)}]`;

/**
 * Checks every rule at once, so one answer names every offending key: at most 50 keys of 1 to 40
 * characters, each value a string of at most 500 characters, a number, a boolean or null.
 */
export function memberMetadata(input: Record<string, unknown> | null | undefined): MemberMetadata {
  if (input === undefined || input === null) return {};
  const entries = Object.entries(input);
  const errors: FieldError[] = [];
  if (entries.length > MAX_METADATA_KEYS) {
    errors.push({ field: 'metadata', code: 'too_many', message: `must have at most ${MAX_METADATA_KEYS} keys` });
  }
  for (const [key, value] of entries) {
    const field = metadataPath(key);
    if (key.length === 0 || key.length > MAX_METADATA_KEY_LENGTH) {
      errors.push({ field, code: 'invalid_key', message: `keys must be 1 to ${MAX_METADATA_KEY_LENGTH} characters` });
    }
    const problem = valueProblem(value);
    if (problem) errors.push({ field, ...problem });
  }
  if (errors.length > 0) throw validationFailed(errors);
  return Object.fromEntries(entries) as MemberMetadata;
}

function valueProblem(value: unknown): { code: string; message: string } | null {
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'number')
    return Number.isFinite(value) ? null : { code: 'invalid_type', message: 'must be a finite number' };
  if (typeof value === 'string') {
    return value.length > MAX_METADATA_VALUE_LENGTH
      ? { code: 'too_long', message: `must be at most ${MAX_METADATA_VALUE_LENGTH} characters` }
      : null;
  }
  return { code: 'invalid_type', message: 'must be a string, number, boolean or null; metadata is flat' };
}
