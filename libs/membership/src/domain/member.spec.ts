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
      {
        createdByOrganisationId: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L',
        device: { applicationVersion: '4.12.0', platform: 'android', userAgent: 'okhttp/5.0' },
      },
      NOW,
    );
    expect(member.activity).toEqual([
      {
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
        applicationVersion: '4.12.0',
        platform: 'android',
        userAgent: 'okhttp/5.0',
      },
    ]);
    expect(member.wasCreatedBy('org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L')).toBe(true);
    expect(member.wasCreatedBy('org_0000000000000000000000000000')).toBe(false);
  });

  it('stores an Australian mobile number as E.164', () => {
    expect(Member.register({ ...ALEX, mobileNumber: '0412 345 678' }, BY_PLATFORM, NOW).mobileNumber).toBe(
      '+61412345678',
    );
    expect(Member.register({ ...ALEX, mobileNumber: '+64 21 123 4567' }, BY_PLATFORM, NOW).mobileNumber).toBe(
      '+64211234567',
    );
    expect(fieldErrorOf(() => Member.register({ ...ALEX, mobileNumber: '12345' }, BY_PLATFORM, NOW))).toMatchObject({
      field: 'mobileNumber',
      code: 'invalid_phone_number',
    });
  });

  it('takes a date of birth only when it is a past day', () => {
    expect(Member.register({ ...ALEX, dateOfBirth: '1988-04-12' }, BY_PLATFORM, NOW).dateOfBirth).toBe('1988-04-12');
    expect(fieldErrorOf(() => Member.register({ ...ALEX, dateOfBirth: '2026-11-22' }, BY_PLATFORM, NOW))).toMatchObject(
      {
        field: 'dateOfBirth',
        code: 'not_in_past',
      },
    );
    expect(fieldErrorOf(() => Member.register({ ...ALEX, dateOfBirth: '1988-02-30' }, BY_PLATFORM, NOW))).toMatchObject(
      {
        field: 'dateOfBirth',
        code: 'invalid_format',
      },
    );
  });

  it('trims names and refuses blank or over-long ones', () => {
    expect(Member.register({ ...ALEX, firstName: '  Alex ' }, BY_PLATFORM, NOW).firstName).toBe('Alex');
    expect(fieldErrorOf(() => Member.register({ ...ALEX, firstName: '   ' }, BY_PLATFORM, NOW))).toMatchObject({
      field: 'firstName',
      code: 'required',
    });
    expect(Member.register({ ...ALEX, lastName: 'x'.repeat(100) }, BY_PLATFORM, NOW).lastName).toHaveLength(100);
    expect(fieldErrorOf(() => Member.register({ ...ALEX, lastName: 'x'.repeat(101) }, BY_PLATFORM, NOW))).toMatchObject(
      {
        field: 'lastName',
        code: 'too_long',
      },
    );
  });

  it('keeps valid metadata and refuses nested values', () => {
    expect(Member.register({ ...ALEX, metadata: { plan: 'gold' } }, BY_PLATFORM, NOW).metadata).toEqual({
      plan: 'gold',
    });
    expect(
      fieldErrorOf(() => Member.register({ ...ALEX, metadata: { plan: { tier: 'gold' } } }, BY_PLATFORM, NOW)),
    ).toMatchObject({ field: 'metadata.plan' });
  });
});

describe('Member.update', () => {
  const LATER = new Date('2026-11-23T01:00:00.000Z');
  const verified = () => {
    const member = Member.register(
      { ...ALEX, mobileNumber: '0412 345 678', metadata: { plan: 'gold' } },
      BY_PLATFORM,
      NOW,
    );
    member.emailVerified = true;
    member.mobileNumberVerified = true;
    return member;
  };

  it('starts with updatedAt equal to createdAt', () => {
    expect(Member.register(ALEX, BY_PLATFORM, NOW).updatedAt).toEqual(NOW);
  });

  it('changes only the fields present, clears with null, and moves updatedAt on', () => {
    const member = verified();
    expect(
      member.update(
        { firstName: 'Alexandra', dateOfBirth: '1988-04-12', metadata: null, settings: { showPlanHelp: false } },
        LATER,
      ),
    ).toBe(true);
    expect(member).toMatchObject({
      firstName: 'Alexandra',
      lastName: 'Chen',
      dateOfBirth: '1988-04-12',
      metadata: {},
      settings: { showPlanHelp: false },
      emailVerified: true,
      mobileNumberVerified: true,
      updatedAt: LATER,
    });
  });

  it('makes a new email unverified, but not the same one in another case', () => {
    const member = verified();
    expect(member.update({ email: 'ALEX.CHEN@example.com' }, LATER)).toBe(true);
    expect(member).toMatchObject({ email: 'ALEX.CHEN@example.com', emailVerified: true });
    member.update({ email: 'alex@example.org' }, LATER);
    expect(member).toMatchObject({ email: 'alex@example.org', emailVerified: false, mobileNumberVerified: true });
  });

  it('makes a new mobile number, or none, unverified, but not the same number in another form', () => {
    const member = verified();
    expect(member.update({ mobileNumber: '+61 412 345 678' }, LATER)).toBe(false);
    expect(member.mobileNumberVerified).toBe(true);
    member.update({ mobileNumber: null }, LATER);
    expect(member).toMatchObject({ mobileNumber: null, mobileNumberVerified: false, emailVerified: true });
  });

  it('replaces the metadata, and changes nothing for the same metadata or settings', () => {
    const member = verified();
    expect(
      member.update({ metadata: { plan: 'gold' }, settings: { showPlanHelp: true }, lastName: 'Chen' }, LATER),
    ).toBe(false);
    expect(member.update({ metadata: { visits: 3 } }, LATER)).toBe(true);
    expect(member.metadata).toEqual({ visits: 3 });
    expect(member.update({}, LATER)).toBe(false);
  });

  it('refuses what the create refuses, and null for what cannot be empty, changing nothing', () => {
    const member = verified();
    expect(fieldErrorOf(() => member.update({ email: null }, LATER))).toMatchObject({
      field: 'email',
      code: 'required',
    });
    expect(fieldErrorOf(() => member.update({ settings: { showPlanHelp: null } }, LATER))).toMatchObject({
      field: 'settings.showPlanHelp',
      code: 'required',
    });
    expect(fieldErrorOf(() => member.update({ mobileNumber: '12345' }, LATER))).toMatchObject({
      field: 'mobileNumber',
      code: 'invalid_phone_number',
    });
    expect(fieldErrorOf(() => member.update({ metadata: { nested: {} } }, LATER))).toMatchObject({
      field: 'metadata.nested',
      code: 'invalid_type',
    });
    expect(member).toMatchObject({
      email: 'Alex.Chen@example.com',
      mobileNumber: '+61412345678',
      metadata: { plan: 'gold' },
      updatedAt: NOW,
    });
  });
});
