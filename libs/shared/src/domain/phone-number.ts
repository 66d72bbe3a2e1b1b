import { createRequire } from 'node:module';
import type * as PhoneNumbers from 'libphonenumber-js/max';
import { invalidField } from './domain-error.js';

// class-validator (loaded for every request DTO) requires libphonenumber-js's CommonJS build; an
// `import` would load its ES module build as well, a second copy of the library and its metadata
// (0.75 MB of source held for the life of the process). Requiring it shares the one copy.
const { parsePhoneNumberFromString } = createRequire(import.meta.url)('libphonenumber-js/max') as typeof PhoneNumbers;

/**
 * An Australian number in any common form (`0412 345 678`, `(02) 9876 5432`) or any E.164 number,
 * as E.164 (`+61412345678`). Checked against real numbering plans, not only its shape.
 */
export function toE164(value: string, field: string): string {
  const number = e164OrNull(value);
  if (number === null)
    throw invalidField(
      field,
      'invalid_phone_number',
      'must be an Australian phone number or an E.164 number like +61412345678',
    );
  return number;
}

/** As `toE164`, but `null` for what is not a phone number (a search term that may be a name). */
export function e164OrNull(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value, 'AU');
  return parsed?.isValid() ? parsed.number : null;
}
