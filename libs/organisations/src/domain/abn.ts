const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * An Australian Business Number: 11 digits; subtract 1 from the first digit, weight the digits
 * 10, 1, 3, 5, ... 19, and the sum is divisible by 89.
 */
export function isValidAbn(abn: string): boolean {
  if (!/^\d{11}$/.test(abn)) return false;
  const digits = [...abn].map(Number);
  digits[0] -= 1;
  return digits.reduce((sum, digit, index) => sum + digit * ABN_WEIGHTS[index], 0) % 89 === 0;
}

/** `51 824 753 556` → `51824753556`. */
export const compactAbn = (value: string): string => value.replace(/[\s-]/g, '');
