import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@app/shared/domain';
import { compactAbn, isValidAbn } from './abn.js';
import { Business } from './business.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';

function fieldErrorOf(work: () => unknown) {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('validation_failed');
    return (error as DomainError).errors?.[0];
  }
  throw new Error('expected a validation error');
}

describe('isValidAbn', () => {
  it.each([
    ['51824753556', 'Australian Taxation Office'],
    ['33051775556', 'Telstra'],
    ['49004028077', 'BHP'],
    ['48123123124', 'Commonwealth Bank'],
    ['88000014675', 'Woolworths'],
  ])('accepts the real ABN %s (%s)', (abn) => {
    expect(isValidAbn(abn)).toBe(true);
  });

  it.each(['51824753557', '51824753546', '15824753556', '11111111111', '52824753556'])(
    'rejects %s, whose checksum is not divisible by 89',
    (abn) => {
      expect(isValidAbn(abn)).toBe(false);
    },
  );

  it.each(['5182475355', '518247535560', '', '5182475355a', '51 824 753 556', '51-824-753-556', '٥١٨٢٤٧٥٣٥٥٦'])(
    'rejects %p, which is not exactly 11 ASCII digits',
    (abn) => {
      expect(isValidAbn(abn)).toBe(false);
    },
  );
});

describe('compactAbn', () => {
  it('drops the spaces and hyphens people type, keeping the digits in order', () => {
    expect(compactAbn('51 824 753 556')).toBe('51824753556');
    expect(compactAbn('51-824-753-556')).toBe('51824753556');
    expect(compactAbn(' 51824753556 ')).toBe('51824753556');
    expect(isValidAbn(compactAbn('51 824 753 556'))).toBe(true);
  });
});

describe('Business.create', () => {
  it('stores an AU business ABN compacted to 11 digits', () => {
    const business = Business.create(
      ORGANISATION,
      { name: 'Harbour Physio Pty Ltd', taxIdentifier: '51 824 753 556', countryCode: 'AU' },
      NOW,
    );
    expect(business.taxIdentifier).toBe('51824753556');
    expect(business.countryCode).toBe('AU');
  });

  it('treats a business without a country as Australian and checks its ABN', () => {
    expect(
      Business.create(ORGANISATION, { name: 'Harbour Physio', taxIdentifier: '51824753556' }, NOW).countryCode,
    ).toBe('AU');
    expect(
      fieldErrorOf(() =>
        Business.create(ORGANISATION, { name: 'Harbour Physio', taxIdentifier: '51 824 753 557' }, NOW),
      ),
    ).toMatchObject({
      field: 'taxIdentifier',
      code: 'invalid_abn',
    });
  });

  it('checks the ABN of a country code given in lower case', () => {
    expect(
      fieldErrorOf(() =>
        Business.create(ORGANISATION, { name: 'Harbour Physio', taxIdentifier: '12345678901', countryCode: 'au' }, NOW),
      ),
    ).toMatchObject({
      field: 'taxIdentifier',
      code: 'invalid_abn',
    });
  });

  it('does not apply the ABN check to a business outside Australia, and keeps its identifier as given', () => {
    const business = Business.create(
      ORGANISATION,
      { name: 'Kiwi Physio Ltd', taxIdentifier: '123-456-789', countryCode: 'NZ' },
      NOW,
    );
    expect(business.countryCode).toBe('NZ');
    expect(business.taxIdentifier).toBe('123-456-789');
  });
});
