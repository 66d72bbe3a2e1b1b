import { describe, expect, it } from '@jest/globals';
import { DomainError, isPrefixedId } from '@app/shared/domain';
import { Member, type NewMember } from './member.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ALEX: NewMember = { firstName: 'Alex', lastName: 'Chen', email: 'Alex.Chen@example.com' };
const BY_PLATFORM = { createdByOrganisationId: null, device: {} };

function fieldErrorOf(work: () => unknown) {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).errors?.[0];
  }
  throw new Error('expected a validation error');
}

describe('Member.register', () => {
  it('starts unverified, as a member, with plan help shown and nulls for what was not given', () => {
    const member = Member.register(ALEX, BY_PLATFORM, NOW);
    expect(isPrefixedId('memb', member.id)).toBe(true);
    expect(member).toMatchObject({
      firstName: 'Alex',
      lastName: 'Chen',
      email: 'Alex.Chen@example.com',
      mobileNumber: null,
      dateOfBirth: null,
      profileImageUrl: null,
      metadata: {},
      emailVerified: false,
      mobileNumberVerified: false,
      roles: ['member'],
      settings: { showPlanHelp: true },
      createdByOrganisationId: null,
      createdAt: NOW,
    });
  });

  it('does not share the default roles and settings between members', () => {
    const first = Member.register(ALEX, BY_PLATFORM, NOW);
    first.roles.push('admin');
    first.settings.showPlanHelp = false;
    const second = Member.register(ALEX, BY_PLATFORM, NOW);
    expect(second.roles).toEqual(['member']);
    expect(second.settings).toEqual({ showPlanHelp: true });
  });

  it('keeps one activity record from the registering app', () => {
    const member = Member.register(
      ALEX,
      { createdByOrganisationId: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L', device: { applicationVersion: '4.12.0', platform: 'android', userAgent: 'okhttp/5.0' } },
      NOW,
    );
    expect(member.activity).toEqual([
      { createdAt: NOW.toISOString(), updatedAt: NOW.toISOString(), applicationVersion: '4.12.0', platform: 'android', userAgent: 'okhttp/5.0' },
    ]);
    expect(member.wasCreatedBy('org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L')).toBe(true);
    expect(member.wasCreatedBy('org_0000000000000000000000000000')).toBe(false);
  });

  it('stores an Australian mobile number as E.164', () => {
    expect(Member.register({ ...ALEX, mobileNumber: '0412 345 678' }, BY_PLATFORM, NOW).mobileNumber).toBe('+61412345678');
    expect(Member.register({ ...ALEX, mobileNumber: '+64 21 123 4567' }, BY_PLATFORM, NOW).mobileNumber).toBe('+64211234567');
    expect(fieldErrorOf(() => Member.register({ ...ALEX, mobileNumber: '12345' }, BY_PLATFORM, NOW))).toMatchObject({
      field: 'mobileNumber',
      code: 'invalid_phone_number',
    });
  });

  it('takes a date of birth only when it is a past day', () => {
    expect(Member.register({ ...ALEX, dateOfBirth: '1988-04-12' }, BY_PLATFORM, NOW).dateOfBirth).toBe('1988-04-12');
    expect(fieldErrorOf(() => Member.register({ ...ALEX, dateOfBirth: '2026-11-22' }, BY_PLATFORM, NOW))).toMatchObject({
      field: 'dateOfBirth',
      code: 'not_in_past',
    });
    expect(fieldErrorOf(() => Member.register({ ...ALEX, dateOfBirth: '1988-02-30' }, BY_PLATFORM, NOW))).toMatchObject({
      field: 'dateOfBirth',
      code: 'invalid_format',
    });
  });

  it('trims names and refuses blank or over-long ones', () => {
    expect(Member.register({ ...ALEX, firstName: '  Alex ' }, BY_PLATFORM, NOW).firstName).toBe('Alex');
    expect(fieldErrorOf(() => Member.register({ ...ALEX, firstName: '   ' }, BY_PLATFORM, NOW))).toMatchObject({ field: 'firstName', code: 'required' });
    expect(Member.register({ ...ALEX, lastName: 'x'.repeat(100) }, BY_PLATFORM, NOW).lastName).toHaveLength(100);
    expect(fieldErrorOf(() => Member.register({ ...ALEX, lastName: 'x'.repeat(101) }, BY_PLATFORM, NOW))).toMatchObject({
      field: 'lastName',
      code: 'too_long',
    });
  });

  it('keeps valid metadata and refuses nested values', () => {
    expect(Member.register({ ...ALEX, metadata: { plan: 'gold' } }, BY_PLATFORM, NOW).metadata).toEqual({ plan: 'gold' });
    expect(fieldErrorOf(() => Member.register({ ...ALEX, metadata: { plan: { tier: 'gold' } } }, BY_PLATFORM, NOW))).toMatchObject({ field: 'metadata.plan' });
  });
});
