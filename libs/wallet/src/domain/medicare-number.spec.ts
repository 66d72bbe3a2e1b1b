import { describe, expect, it } from '@jest/globals';
import { isValidMedicareNumber, medicareCheckDigit } from './medicare-number.js';

/** A valid number from its first 8 digits and an issue digit, by the published rule. */
const medicare = (firstEight: string, issue = '1'): string => `${firstEight}${medicareCheckDigit(firstEight)}${issue}`;

describe('medicareCheckDigit', () => {
  it.each([
    // 2·1 + 1·3 + 2·7 + 3·9 + 4·1 + 5·3 + 6·7 + 7·9 = 170 → 0
    ['21234567', 0],
    // 3·1 + 9·3 + 5·7 + 0·9 + 1·1 + 2·3 + 4·7 + 7·9 = 163 → 3
    ['39501247', 3],
    // 6·1 + 9·3 + 9·7 + 9·9 + 9·1 + 9·3 + 9·7 + 9·9 = 357 → 7
    ['69999999', 7],
    // 2·1 = 2
    ['20000000', 2],
  ])('weights %s by 1,3,7,9,1,3,7,9 and keeps the sum mod 10 (%i)', (firstEight, check) => {
    expect(medicareCheckDigit(firstEight)).toBe(check);
  });
});

describe('isValidMedicareNumber', () => {
  it.each(['2123456701', '2123456709', '3950124731', '6999999971', '2000000021'])('accepts %s', (number) => {
    expect(isValidMedicareNumber(number)).toBe(true);
  });

  it.each(['2', '3', '4', '5', '6'])('accepts a valid number starting with %s', (first) => {
    expect(isValidMedicareNumber(medicare(`${first}1234567`))).toBe(true);
  });

  it.each(['0', '1', '7', '8', '9'])('rejects a number starting with %s even with a correct check digit', (first) => {
    const number = medicare(`${first}1234567`);
    expect(number).toHaveLength(10);
    expect(isValidMedicareNumber(number)).toBe(false);
  });

  it('rejects every wrong check digit', () => {
    const wrong = [...'0123456789'].filter((digit) => digit !== '0').map((digit) => `21234567${digit}1`);
    expect(wrong).toHaveLength(9);
    for (const number of wrong) expect(isValidMedicareNumber(number)).toBe(false);
  });

  it('rejects an issue number of 0', () => {
    expect(isValidMedicareNumber('2123456700')).toBe(false);
    expect(isValidMedicareNumber('2123456701')).toBe(true);
  });

  it.each([
    ['9 digits', '212345670'],
    ['11 digits', '21234567011'],
    ['8 digits', '21234567'],
    ['empty', ''],
    ['spaces', '2123 45670 1'],
    ['a letter', '212345670a'],
    ['a leading sign', '+2123456701'],
    ['non-ASCII digits', '٢١٢٣٤٥٦٧٠١'],
    ['a trailing newline', '2123456701\n'],
  ])('rejects %s (%p)', (_label, number) => {
    expect(isValidMedicareNumber(number)).toBe(false);
  });

  it('agrees with medicareCheckDigit over many generated numbers', () => {
    for (let n = 0; n < 500; n += 1) {
      const firstEight = `${2 + (n % 5)}${String(n * 7919)
        .padStart(7, '0')
        .slice(-7)}`;
      const check = medicareCheckDigit(firstEight);
      expect(isValidMedicareNumber(`${firstEight}${check}${1 + (n % 9)}`)).toBe(true);
      expect(isValidMedicareNumber(`${firstEight}${(check + 1) % 10}${1 + (n % 9)}`)).toBe(false);
    }
  });
});
