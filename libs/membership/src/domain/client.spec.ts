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
    expect(Client.create(ORGANISATION, { ...ALEX, mobileNumber: '+61 412 345 678' }, NOW).mobileNumber).toBe('+61412345678');
    expect(fieldErrorOf(() => Client.create(ORGANISATION, { ...ALEX, mobileNumber: 'call me' }, NOW))).toMatchObject({
      field: 'mobileNumber',
      code: 'invalid_phone_number',
    });
  });

  it('takes the practice management system creation time as a date-time with a zone', () => {
    expect(Client.create(ORGANISATION, { ...ALEX, pmsCreatedAt: '2024-03-14T09:30:00+10:00' }, NOW).pmsCreatedAt).toEqual(new Date('2024-03-13T23:30:00.000Z'));
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
