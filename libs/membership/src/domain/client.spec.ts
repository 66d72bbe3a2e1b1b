import { describe, expect, it } from '@jest/globals';
import { DomainError, isUuid } from '@app/shared/domain';
import { Client, type NewClient } from './client.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const ALEX: NewClient = { firstName: 'Alex', lastName: 'Chen' };

function fieldErrorOf(work: () => unknown) {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).errors?.[0];
  }
  throw new Error('expected a validation error');
}

describe('Client.create', () => {
  it('is live, of the organisation, with nulls for what was not given', () => {
    const client = Client.create(ORGANISATION, ALEX, NOW);
    expect(isUuid(client.id)).toBe(true);
    expect(client).toMatchObject({
      organisationId: ORGANISATION,
      memberId: null,
      firstName: 'Alex',
      lastName: 'Chen',
      dateOfBirth: null,
      mobileNumber: null,
      email: null,
      pmsPatientId: null,
      pmsCreatedAt: null,
      profileImageUrl: null,
      deleted: false,
      createdAt: NOW,
    });
  });

  it('stores the mobile number as E.164', () => {
    expect(Client.create(ORGANISATION, { ...ALEX, mobileNumber: '+61 412 345 678' }, NOW).mobileNumber).toBe(
      '+61412345678',
    );
    expect(fieldErrorOf(() => Client.create(ORGANISATION, { ...ALEX, mobileNumber: 'call me' }, NOW))).toMatchObject({
      field: 'mobileNumber',
      code: 'invalid_phone_number',
    });
  });

  it('takes the practice management system creation time as a date-time with a zone', () => {
    expect(
      Client.create(ORGANISATION, { ...ALEX, pmsCreatedAt: '2024-03-14T09:30:00+10:00' }, NOW).pmsCreatedAt,
    ).toEqual(new Date('2024-03-13T23:30:00.000Z'));
    for (const value of ['2024-03-14', '2024-03-14T09:30:00', '2024-02-30T09:30:00Z', 'yesterday']) {
      expect(fieldErrorOf(() => Client.create(ORGANISATION, { ...ALEX, pmsCreatedAt: value }, NOW))).toMatchObject({
        field: 'pmsCreatedAt',
        code: 'invalid_format',
      });
    }
  });

  it('takes a date of birth only when it is a past day', () => {
    expect(fieldErrorOf(() => Client.create(ORGANISATION, { ...ALEX, dateOfBirth: '2030-01-01' }, NOW))).toMatchObject({
      field: 'dateOfBirth',
      code: 'not_in_past',
    });
  });
});

describe('Client.update', () => {
  const LATER = new Date('2026-11-23T01:00:00.000Z');
  const alex = () =>
    Client.create(ORGANISATION, { ...ALEX, email: 'alex@example.com', mobileNumber: '0412 345 678' }, NOW);

  it('starts with updatedAt equal to createdAt, and the names in their search forms', () => {
    const client = Client.create(ORGANISATION, { firstName: 'Zoë', lastName: "O'Núñez" }, NOW);
    expect(client.updatedAt).toEqual(NOW);
    expect(client).toMatchObject({ lastNameSearch: 'onunez', fullNameSearch: 'zoe onunez' });
  });

  it('changes only the fields present, clears with null, and moves updatedAt on', () => {
    const client = alex();
    expect(client.update({ lastName: ' Chen-Wright ', email: null, mobileNumber: '+61 400 111 222' }, LATER)).toBe(
      true,
    );
    expect(client).toMatchObject({
      firstName: 'Alex',
      lastName: 'Chen-Wright',
      email: null,
      mobileNumber: '+61400111222',
      lastNameSearch: 'chen-wright',
      fullNameSearch: 'alex chen-wright',
      createdAt: NOW,
      updatedAt: LATER,
    });
  });

  it('changes nothing for no fields, or for the values it already has', () => {
    const client = alex();
    expect(client.update({}, LATER)).toBe(false);
    expect(client.update({ firstName: 'Alex', mobileNumber: '0412345678', pmsCreatedAt: null }, LATER)).toBe(false);
    expect(client.updatedAt).toEqual(NOW);
  });

  it('compares instants by time', () => {
    const client = Client.create(ORGANISATION, { ...ALEX, pmsCreatedAt: '2024-03-14T09:30:00+10:00' }, NOW);
    expect(client.update({ pmsCreatedAt: '2024-03-13T23:30:00.000Z' }, LATER)).toBe(false);
  });

  it('gives each change its own updatedAt even when the clock has not moved', () => {
    const client = alex();
    client.update({ firstName: 'Al' }, NOW);
    expect(client.updatedAt.toISOString()).toBe('2026-11-22T05:28:59.001Z');
  });

  it('refuses what the create refuses, and null for a name, changing nothing', () => {
    const client = alex();
    expect(fieldErrorOf(() => client.update({ firstName: null }, LATER))).toMatchObject({
      field: 'firstName',
      code: 'required',
    });
    expect(fieldErrorOf(() => client.update({ lastName: '  ' }, LATER))).toMatchObject({
      field: 'lastName',
      code: 'required',
    });
    expect(fieldErrorOf(() => client.update({ mobileNumber: '0400' }, LATER))).toMatchObject({
      field: 'mobileNumber',
      code: 'invalid_phone_number',
    });
    expect(fieldErrorOf(() => client.update({ dateOfBirth: '2030-01-01' }, LATER))).toMatchObject({
      field: 'dateOfBirth',
      code: 'not_in_past',
    });
    expect(fieldErrorOf(() => client.update({ pmsCreatedAt: '2024-03-14' }, LATER))).toMatchObject({
      field: 'pmsCreatedAt',
      code: 'invalid_format',
    });
    expect(client).toMatchObject({ firstName: 'Alex', lastName: 'Chen', mobileNumber: '+61412345678', updatedAt: NOW });
  });
});

describe('Client.archive', () => {
  it('marks it deleted once, moving updatedAt on; again changes nothing', () => {
    const client = Client.create(ORGANISATION, ALEX, NOW);
    const later = new Date('2026-11-23T01:00:00.000Z');
    expect(client.archive(later)).toBe(true);
    expect(client).toMatchObject({ deleted: true, updatedAt: later });
    expect(client.archive(new Date('2026-11-24T01:00:00.000Z'))).toBe(false);
    expect(client.updatedAt).toEqual(later);
  });
});
