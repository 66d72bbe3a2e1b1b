import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@app/shared/domain';
import { Location, type NewLocation } from './location.js';
import { isIanaTimeZone } from './time-zone.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const BONDI: NewLocation = {
  businessId: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a',
  name: 'Bondi Junction',
  timeZone: 'Australia/Sydney',
  address: { line1: '88 Bondi Road', suburb: 'Bondi Junction', state: 'NSW', postcode: '2022', countryCode: 'AU' },
};

describe('isIanaTimeZone', () => {
  it.each([
    'Australia/Sydney',
    'Australia/Perth',
    'Australia/Adelaide',
    'Australia/Lord_Howe',
    'Pacific/Auckland',
    'America/Argentina/Buenos_Aires',
    'America/Port-au-Prince',
    'Etc/GMT-10',
    'UTC',
  ])('accepts the IANA zone %s', (zone) => {
    expect(isIanaTimeZone(zone)).toBe(true);
  });

  it.each(['Australia/ACT', 'US/Pacific'])('accepts the IANA alias %s', (zone) => {
    expect(isIanaTimeZone(zone)).toBe(true);
  });

  it.each([
    'Mars/Olympus',
    'Australia/Gotham',
    'AEST',
    'AEDT',
    '+10:00',
    'UTC+10',
    'GMT+10',
    '',
    'Australia/',
    '/Sydney',
    'Australia/Sydney ',
    'Australia\\Sydney',
  ])('rejects %p, which names no IANA zone', (zone) => {
    expect(isIanaTimeZone(zone)).toBe(false);
  });
});

describe('Location.create', () => {
  it('keeps a valid zone as given', () => {
    expect(Location.create(ORGANISATION, BONDI, NOW).timeZone).toBe('Australia/Sydney');
  });

  it.each(['Mars/Olympus', 'AEST', '+10:00'])('refuses the time zone %p as an invalid timeZone field', (timeZone) => {
    let caught: unknown;
    try {
      Location.create(ORGANISATION, { ...BONDI, timeZone }, NOW);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).code).toBe('validation_failed');
    expect((caught as DomainError).errors).toEqual([expect.objectContaining({ field: 'timeZone' })]);
  });

  it('fills the address fields not given with null, and defaults the registration parts', () => {
    const location = Location.create(ORGANISATION, { ...BONDI, registrations: [{ medicare: { minorId: '01' } }] }, NOW);
    expect(location.address).toEqual({
      line1: '88 Bondi Road',
      line2: null,
      suburb: 'Bondi Junction',
      city: null,
      state: 'NSW',
      postcode: '2022',
      country: null,
      countryCode: 'AU',
    });
    expect(location.registrations).toEqual([
      {
        medicare: {
          minorId: '01',
          prodaLocationId: null,
          status: null,
          providerAgreementSubmissionUrl: null,
          isUsingOtherClaimSoftware: false,
        },
        phi: null,
      },
    ]);
  });
});
