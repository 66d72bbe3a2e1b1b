import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@app/shared/domain';
import { isValidMedicareProviderNumber } from './medicare-provider-number.js';
import { ProviderLocationLink } from './provider-location-link.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const PROVIDER = '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a';
const LOCATION = '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f';

describe('isValidMedicareProviderNumber', () => {
  // Stem weights 3,5,8,4,2,1, plus 6 × the practice location value; the check character is
  // YXWTLKJHFBA[sum mod 11]. Worked by hand: 242959 → 6+20+16+36+10+9 = 97.
  it.each([
    ['2429591L', 'location 1: 97 + 6 = 103, 103 mod 11 = 4 → L'],
    ['2429592A', 'location 2: 97 + 12 = 109, 109 mod 11 = 10 → A'],
    ['123456BT', 'location B (11): 69 + 66 = 135, 135 mod 11 = 3 → T'],
    ['0429591B', 'a stem written with its leading zero: 91 + 6 = 97, 97 mod 11 = 9 → B'],
  ])('accepts %s (%s)', (number) => {
    expect(isValidMedicareProviderNumber(number)).toBe(true);
  });

  it('accepts a number typed in lower case', () => {
    expect(isValidMedicareProviderNumber('2429591l')).toBe(true);
  });

  it.each(['2429591X', '2429591A', '2429592L', '2429581L', '3429591L'])(
    'rejects %s, whose check character is wrong',
    (number) => {
      expect(isValidMedicareProviderNumber(number)).toBe(false);
    },
  );

  it.each(['242959IL', '242959OL', '242959SL', '242959ZL', '1234560T'])(
    'rejects %s: 0, I, O, S and Z are not practice location characters',
    (number) => {
      expect(isValidMedicareProviderNumber(number)).toBe(false);
    },
  );

  // 42959 zero-filled: 0+20+16+36+10+9 = 91, + 6 = 97, 97 mod 11 = 9 → B; a stem has all 6 digits.
  it.each(['', '2429591', '24295911L', '2429591LL', 'A429591L', '242959 1L', '2429591Z', '429591B'])(
    'rejects %p, which is not shaped like a provider number',
    (number) => {
      expect(isValidMedicareProviderNumber(number)).toBe(false);
    },
  );
});

describe('ProviderLocationLink.create', () => {
  it('keeps valid provider numbers in upper case', () => {
    const link = ProviderLocationLink.create(
      ORGANISATION,
      PROVIDER,
      { locationId: LOCATION, medicare: { providerNumber: '2429591l', suggestedProviderNumber: '2429592A' } },
      NOW,
    );
    expect(link.medicare.providerNumber).toBe('2429591L');
    expect(link.medicare.suggestedProviderNumber).toBe('2429592A');
    expect(link.deleted).toBe(false);
  });

  it('accepts a link without Medicare details', () => {
    const link = ProviderLocationLink.create(ORGANISATION, PROVIDER, { locationId: LOCATION }, NOW);
    expect(link.medicare).toEqual({
      suggestedProviderNumber: null,
      providerNumber: null,
      startDate: null,
      registrationLetter: null,
    });
  });

  it.each([
    ['providerNumber', 'medicare.providerNumber'],
    ['suggestedProviderNumber', 'medicare.suggestedProviderNumber'],
  ])('refuses an invalid %s as %s / invalid_provider_number', (property, field) => {
    let caught: unknown;
    try {
      ProviderLocationLink.create(
        ORGANISATION,
        PROVIDER,
        { locationId: LOCATION, medicare: { [property]: '2429591X' } },
        NOW,
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).code).toBe('validation_failed');
    expect((caught as DomainError).errors).toEqual([
      expect.objectContaining({ field, code: 'invalid_provider_number' }),
    ]);
  });
});
