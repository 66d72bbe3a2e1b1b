const LOCATION_CHARACTERS = '0123456789ABCDEFGHJKLMNPQRTUVWXY';
const CHECK_CHARACTERS = 'YXWTLKJHFBA';
const STEM_WEIGHTS = [3, 5, 8, 4, 2, 1];
const PROVIDER_NUMBER = /^(\d{1,6})([0-9A-HJ-NP-RT-Y])([YXWTLKJHFBA])$/;

/**
 * A Medicare provider number such as `2429591L`: a stem of up to 6 digits (zero-padded to 6), a
 * practice location character and a check character over both.
 */
export function isValidMedicareProviderNumber(value: string): boolean {
  const match = PROVIDER_NUMBER.exec(value.toUpperCase());
  if (!match) return false;
  const [, stem, location, check] = match;
  const digits = [...stem.padStart(6, '0')].map(Number);
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
