const LOCATION_CHARACTERS = '0123456789ABCDEFGHJKLMNPQRTUVWXY';
const CHECK_CHARACTERS = 'YXWTLKJHFBA';
const STEM_WEIGHTS = [3, 5, 8, 4, 2, 1];
const PROVIDER_NUMBER = /^(\d{6})([1-9A-HJ-NP-RT-Y])([YXWTLKJHFBA])$/;

/**
 * A Medicare provider number such as `2429591L`: a stem of 6 digits (zero-filled), a practice
 * location character (a digit from 1 or a letter, not I, O, S or Z) and a check character over both,
 * as the Australian Digital Health Agency's identifier namespace for Medicare provider numbers defines it.
 */
export function isValidMedicareProviderNumber(value: string): boolean {
  const match = PROVIDER_NUMBER.exec(value.toUpperCase());
  if (!match) return false;
  const [, stem, location, check] = match;
  const digits = [...stem].map(Number);
  const sum =
    digits.reduce((total, digit, index) => total + digit * STEM_WEIGHTS[index], 0) +
    6 * LOCATION_CHARACTERS.indexOf(location);
  return CHECK_CHARACTERS[sum % 11] === check;
}

/** The provider number for a stem and a practice location character, with its check character. */
export function medicareProviderNumber(stem: number, location: string): string {
  const digits = [...String(stem).padStart(6, '0')].map(Number);
  const sum =
    digits.reduce((total, digit, index) => total + digit * STEM_WEIGHTS[index], 0) +
    6 * LOCATION_CHARACTERS.indexOf(location);
  return `${String(stem).padStart(6, '0')}${location}${CHECK_CHARACTERS[sum % 11]}`;
}
