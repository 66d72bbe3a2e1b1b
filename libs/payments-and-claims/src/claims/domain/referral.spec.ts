import { describe, expect, it } from '@jest/globals';
import { DomainError, type FieldError, isUuid } from '@app/shared/domain';
import { monthsAfter, type NewReferral, Referral } from './referral.js';
import { calendarYearIn, needsReferral } from './referred-items.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const LATER = new Date('2026-11-23T01:00:00.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const CLIENT = '0193a6f7-5e6f-7a81-9b23-9d0e1f2a3b4c';
/** Stands in for practitioners' rule: the referral only asks it. */
const isProviderNumber = (value: string) => /^\d{6}[0-9A-Z][A-Z]$/i.test(value);

const PLAN: NewReferral = {
  type: 'gp_chronic_disease_management',
  referringProviderNumber: '2429591l',
  referringProviderName: 'Dr Sam Whitlam',
  issuedOn: '2026-03-15',
};
const SPECIALIST: NewReferral = { ...PLAN, type: 'specialist' };

const create = (props: NewReferral) => Referral.create(ORGANISATION, CLIENT, props, NOW, isProviderNumber);

function fieldErrorsOf(work: () => unknown): FieldError[] {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('validation_failed');
    return (error as DomainError).errors ?? [];
  }
  throw new Error('expected a validation error');
}

describe('Referral.create', () => {
  it("is live, the client's, the provider number in capitals", () => {
    const referral = create(PLAN);
    expect(isUuid(referral.id)).toBe(true);
    expect(referral).toMatchObject({
      organisationId: ORGANISATION,
      clientId: CLIENT,
      type: 'gp_chronic_disease_management',
      referringProviderNumber: '2429591L',
      referringProviderName: 'Dr Sam Whitlam',
      issuedOn: '2026-03-15',
      deleted: false,
      createdAt: NOW,
      updatedAt: NOW,
    });
  });

  it("defaults a GP plan to 5 sessions and no expiry, any other to no limit and 12 months' validity", () => {
    expect(create(PLAN)).toMatchObject({ expiresOn: null, sessionsReferred: 5 });
    expect(create(SPECIALIST)).toMatchObject({ expiresOn: '2027-03-15', sessionsReferred: null });
    expect(create({ ...SPECIALIST, type: 'other', issuedOn: '2028-02-29' }).expiresOn).toBe('2029-02-28');
  });

  it('keeps what the referral says over the defaults, null included', () => {
    expect(create({ ...PLAN, expiresOn: '2026-09-15', sessionsReferred: 3 })).toMatchObject({
      expiresOn: '2026-09-15',
      sessionsReferred: 3,
    });
    expect(create({ ...SPECIALIST, expiresOn: null, sessionsReferred: 10 })).toMatchObject({
      expiresOn: null,
      sessionsReferred: 10,
    });
    expect(create({ ...PLAN, sessionsReferred: null }).sessionsReferred).toBeNull();
  });

  it('names every field that is wrong, at once', () => {
    const errors = fieldErrorsOf(() =>
      create({
        type: 'gp' as NewReferral['type'],
        referringProviderNumber: '1234',
        referringProviderName: '  ',
        issuedOn: '2026-02-30',
        expiresOn: 'soon',
        sessionsReferred: 0,
      }),
    );
    expect(errors.map(({ field, code }) => ({ field, code }))).toEqual([
      { field: 'type', code: 'invalid_value' },
      { field: 'referringProviderNumber', code: 'invalid_provider_number' },
      { field: 'referringProviderName', code: 'required' },
      { field: 'issuedOn', code: 'invalid_format' },
      { field: 'expiresOn', code: 'invalid_format' },
      { field: 'sessionsReferred', code: 'out_of_range' },
    ]);
  });

  it('refuses an expiry before the issue, and sessions that are not a whole number from 1 to 100', () => {
    expect(fieldErrorsOf(() => create({ ...SPECIALIST, expiresOn: '2026-03-14' }))).toEqual([
      expect.objectContaining({ field: 'expiresOn', code: 'before_issued_on' }),
    ]);
    expect(create({ ...SPECIALIST, expiresOn: '2026-03-15' }).expiresOn).toBe('2026-03-15');
    for (const sessionsReferred of [0, -1, 1.5, 101])
      expect(fieldErrorsOf(() => create({ ...PLAN, sessionsReferred }))).toEqual([
        expect.objectContaining({ field: 'sessionsReferred', code: 'out_of_range' }),
      ]);
    expect(fieldErrorsOf(() => create({ ...PLAN, issuedOn: '1899-12-31' }))).toEqual([
      expect.objectContaining({ field: 'issuedOn', code: 'invalid_format' }),
    ]);
  });
});

describe('Referral.update', () => {
  it('changes only the fields given, moves updatedAt on, and fills no default in again', () => {
    const referral = create(SPECIALIST);
    expect(
      referral.update({ type: 'gp_chronic_disease_management', issuedOn: '2026-04-01' }, LATER, isProviderNumber),
    ).toBe(true);
    expect(referral).toMatchObject({
      type: 'gp_chronic_disease_management',
      issuedOn: '2026-04-01',
      expiresOn: '2027-03-15',
      sessionsReferred: null,
      updatedAt: LATER,
      createdAt: NOW,
    });
  });

  it('clears with null, and changes nothing (updatedAt neither) when nothing differs', () => {
    const referral = create(PLAN);
    expect(referral.update({ sessionsReferred: null, expiresOn: null }, LATER, isProviderNumber)).toBe(true);
    expect(referral.sessionsReferred).toBeNull();
    const updatedAt = referral.updatedAt;
    expect(referral.update({}, new Date('2026-12-01T00:00:00Z'), isProviderNumber)).toBe(false);
    expect(referral.update({ referringProviderNumber: '2429591L' }, new Date('2026-12-01'), isProviderNumber)).toBe(
      false,
    );
    expect(referral.updatedAt).toBe(updatedAt);
  });

  it('checks the result as a new referral is checked, and changes nothing when it is wrong', () => {
    const referral = create({ ...SPECIALIST, expiresOn: '2026-12-31' });
    expect(fieldErrorsOf(() => referral.update({ issuedOn: '2027-01-01' }, LATER, isProviderNumber))).toEqual([
      expect.objectContaining({ field: 'expiresOn', code: 'before_issued_on' }),
    ]);
    expect(fieldErrorsOf(() => referral.update({ referringProviderNumber: 'nope' }, LATER, isProviderNumber))).toEqual([
      expect.objectContaining({ field: 'referringProviderNumber', code: 'invalid_provider_number' }),
    ]);
    expect(referral).toMatchObject({ issuedOn: '2026-03-15', referringProviderNumber: '2429591L', updatedAt: NOW });
  });
});

describe('Referral.archive', () => {
  it('archives once', () => {
    const referral = create(PLAN);
    expect(referral.archive(LATER)).toBe(true);
    expect(referral).toMatchObject({ deleted: true, updatedAt: LATER });
    expect(referral.archive(new Date('2026-12-01T00:00:00Z'))).toBe(false);
    expect(referral.updatedAt).toEqual(LATER);
  });
});

describe('what a referral covers', () => {
  it('covers the days from its issue to its expiry, both included', () => {
    const referral = create({ ...SPECIALIST, expiresOn: '2026-09-30' });
    expect(referral.coverageOn('2026-03-14')).toBe('not_yet_issued');
    expect(referral.coverageOn('2026-03-15')).toBe('covered');
    expect(referral.coverageOn('2026-09-30')).toBe('covered');
    expect(referral.coverageOn('2026-10-01')).toBe('expired');
    expect(create(PLAN).coverageOn('2040-01-01')).toBe('covered');
  });

  it('has sessions for a claim while they fit in what it refers; none named is no limit', () => {
    const referral = create({ ...PLAN, sessionsReferred: 2 });
    expect(referral.hasSessionsFor(0, 2)).toBe(true);
    expect(referral.hasSessionsFor(1, 1)).toBe(true);
    expect(referral.hasSessionsFor(1, 2)).toBe(false);
    expect(referral.hasSessionsFor(2, 1)).toBe(false);
    expect(create(SPECIALIST).hasSessionsFor(500, 1)).toBe(true);
  });
});

describe('referred items and their calendar year', () => {
  it('needs a referral for the allied health items 10950 to 10970 only', () => {
    for (const itemCode of ['10950', '10953', '10960', '10968', '10970']) expect(needsReferral(itemCode)).toBe(true);
    for (const itemCode of ['23', '36', '10949', '10971', '80010', '500']) expect(needsReferral(itemCode)).toBe(false);
  });

  it("runs a year from the first midnight of the time zone's calendar", () => {
    expect(calendarYearIn(2026, 'Australia/Sydney')).toEqual({
      from: new Date('2025-12-31T13:00:00.000Z'),
      to: new Date('2026-12-31T13:00:00.000Z'),
    });
    expect(calendarYearIn(2026, 'Australia/Perth').from).toEqual(new Date('2025-12-31T16:00:00.000Z'));
  });

  it('counts calendar months, on the last day of a shorter month', () => {
    expect(monthsAfter('2026-03-15', 12)).toBe('2027-03-15');
    expect(monthsAfter('2026-01-31', 1)).toBe('2026-02-28');
    expect(monthsAfter('2024-02-29', 12)).toBe('2025-02-28');
  });
});
