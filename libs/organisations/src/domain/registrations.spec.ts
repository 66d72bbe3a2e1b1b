import { describe, expect, it } from '@jest/globals';
import { activeRegistration, medicareMinorIdOf, type Registration } from './location.js';

const medicare = (minorId: string | null, status: 'pending' | 'active' | 'inactive'): Registration => ({
  medicare: {
    minorId,
    prodaLocationId: null,
    status,
    providerAgreementSubmissionUrl: null,
    isUsingOtherClaimSoftware: false,
  },
  phi: null,
});

describe("a location's registrations", () => {
  it('claim from Medicare under the active registration that has a minor id, whichever comes first', () => {
    const registrations = [medicare(null, 'active'), medicare('', 'active'), medicare('07', 'active')];
    expect(medicareMinorIdOf(registrations)).toBe('07');
    expect(activeRegistration(registrations, 'medicare')).toBe(true);
  });

  it('do not claim from Medicare when no active registration has a minor id', () => {
    const registrations = [medicare(null, 'active'), medicare('07', 'pending'), medicare('08', 'inactive')];
    expect(medicareMinorIdOf(registrations)).toBeNull();
    expect(activeRegistration(registrations, 'medicare')).toBe(false);
  });

  it('claim from a fund under an active PHI registration only', () => {
    const phi = (status: 'pending' | 'active'): Registration => ({
      medicare: null,
      phi: { phiLocationId: 'HICAPS-1', status },
    });
    expect(activeRegistration([phi('pending')], 'phi')).toBe(false);
    expect(activeRegistration([phi('pending'), phi('active')], 'phi')).toBe(true);
  });
});
