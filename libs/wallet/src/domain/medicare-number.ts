const CHECK_WEIGHTS = [1, 3, 7, 9, 1, 3, 7, 9];

/**
 * A Medicare card number: 10 digits, the first 2 to 6, the 9th a check digit
 * (`(d1·1 + d2·3 + d3·7 + d4·9 + d5·1 + d6·3 + d7·7 + d8·9) mod 10`), the 10th an issue number that is not 0.
 */
export function isValidMedicareNumber(value: string): boolean {
  if (!/^[2-6]\d{9}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = CHECK_WEIGHTS.reduce((sum, weight, index) => sum + weight * digits[index], 0) % 10;
  return check === digits[8] && digits[9] !== 0;
}

/** The check digit for the first 8 digits, for generating valid numbers. */
export function medicareCheckDigit(firstEight: string): number {
  return CHECK_WEIGHTS.reduce((sum, weight, index) => sum + weight * Number(firstEight[index]), 0) % 10;
}
