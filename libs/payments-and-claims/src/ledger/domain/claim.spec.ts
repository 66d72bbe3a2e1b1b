import { describe, expect, it } from '@jest/globals';
import { DomainError, isUuid } from '@app/shared/domain';
import { Claim, claimAddsUp, type NewClaim, type NewClaimItem } from './claim.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const FUND = '0193a6f2-0001-7000-8000-000000000002';
const SERVICE_DATE = new Date('2026-11-20T23:00:00.000Z');

const item = (chargeAmount: number, rebateAmount: number, extra: Partial<NewClaimItem> = {}): NewClaimItem => ({
  itemCode: '560',
  chargeAmount,
  rebateAmount,
  serviceDate: SERVICE_DATE,
  ...extra,
});

const claimOf = (items: NewClaimItem[], extra: Partial<NewClaim> = {}): Claim =>
  Claim.create(
    ORGANISATION,
    { healthFundId: FUND, referenceNumber: 'HC-2026-000123', providerNumber: '2429591L', items, ...extra },
    NOW,
  );

function errorOf(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a DomainError');
}

describe('Claim.create', () => {
  it('adds up its items: total charge and total rebate are the sums, the gap is charge less rebate', () => {
    const claim = claimOf([item(9500, 6000), item(4500, 2750), item(1999, 0)]);
    expect(claim.totalChargeAmount).toBe(9500 + 4500 + 1999);
    expect(claim.totalRebateAmount).toBe(6000 + 2750);
    expect(claim.totalGapAmount).toBe(claim.totalChargeAmount - claim.totalRebateAmount);
    expect(claim.totalGapAmount).toBe(7249);
    expect(claimAddsUp(claim)).toBe(true);
  });

  it('keeps each item as given, with its own id and the service date as an ISO instant', () => {
    const claim = claimOf([
      item(9500, 6000, {
        itemName: 'Initial consult',
        itemDescription: 'Initial physiotherapy consultation',
        patientReferenceNumber: '02',
        serviceReference: 'SR-1',
        response: { statusCode: '0', responseCode: '00' },
      }),
      item(4500, 2750, { itemCode: '505' }),
    ]);
    expect(claim.items).toHaveLength(2);
    expect(claim.items[0]).toEqual({
      id: expect.any(String),
      itemCode: '560',
      patientReferenceNumber: '02',
      serviceReference: 'SR-1',
      itemDescription: 'Initial physiotherapy consultation',
      itemName: 'Initial consult',
      chargeAmount: 9500,
      rebateAmount: 6000,
      serviceDate: '2026-11-20T23:00:00.000Z',
      response: { statusCode: '0', responseCode: '00' },
    });
    expect(claim.items[1]).toMatchObject({
      itemCode: '505',
      patientReferenceNumber: null,
      itemName: null,
      response: { statusCode: null, responseCode: null },
    });
    expect(claim.items.every((claimItem) => isUuid(claimItem.id))).toBe(true);
    expect(new Set(claim.items.map((claimItem) => claimItem.id)).size).toBe(2);
  });

  it('is a live claim of the organisation: not cancelled, not voided, reversible, created now', () => {
    const claim = claimOf([item(9500, 6000)]);
    expect(isUuid(claim.id)).toBe(true);
    expect(claim).toMatchObject({
      organisationId: ORGANISATION,
      healthFundId: FUND,
      referenceNumber: 'HC-2026-000123',
      providerNumber: '2429591L',
      isRebateEstimate: false,
      cancelledAt: null,
      voidedAt: null,
      payment: null,
      rules: { reversal: { enabled: true } },
      provider: { providerNumber: '2429591L', name: null, categoryCode: null },
      createdAt: NOW,
    });
  });

  it('has a zero gap when the fund pays the whole charge', () => {
    const claim = claimOf([item(6000, 6000)]);
    expect(claim).toMatchObject({ totalChargeAmount: 6000, totalRebateAmount: 6000, totalGapAmount: 0 });
  });

  it('refuses a claim whose rebates add up to more than its charges', () => {
    const error = errorOf(() => claimOf([item(9500, 6000), item(1000, 4600)]));
    expect(error.kind).toBe('validation');
    expect(error.code).toBe('claim_totals_mismatch');
  });

  it.each([
    ['a fractional charge', item(95.5, 0), 'items[0].chargeAmount'],
    ['a negative charge', item(-100, 0), 'items[0].chargeAmount'],
    ['a fractional rebate', item(9500, 60.25), 'items[0].rebateAmount'],
    ['a negative rebate', item(9500, -1), 'items[0].rebateAmount'],
    ['NaN', item(Number.NaN, 0), 'items[0].chargeAmount'],
    ['an unsafe integer', item(Number.MAX_SAFE_INTEGER + 2, 0), 'items[0].chargeAmount'],
  ])('refuses %s, naming the item field', (_name, badItem, field) => {
    const error = errorOf(() => claimOf([badItem]));
    expect(error.code).toBe('validation_failed');
    expect(error.errors).toEqual([expect.objectContaining({ field, code: 'invalid_amount' })]);
  });

  it('names the position of the offending item', () => {
    const error = errorOf(() => claimOf([item(9500, 6000), item(4500, 2000), item(100, -5)]));
    expect(error.errors?.[0]?.field).toBe('items[2].rebateAmount');
  });
});

describe('claimAddsUp', () => {
  const claim = () => claimOf([item(9500, 6000), item(4500, 2750)]);

  it('holds for a claim as created', () => {
    expect(claimAddsUp(claim())).toBe(true);
  });

  it('detects a tampered total charge', () => {
    expect(claimAddsUp({ ...claim(), totalChargeAmount: 14001 })).toBe(false);
  });

  it('detects a tampered total rebate', () => {
    expect(claimAddsUp({ ...claim(), totalRebateAmount: 8749 })).toBe(false);
  });

  it('detects a tampered gap', () => {
    expect(claimAddsUp({ ...claim(), totalGapAmount: 5251 })).toBe(false);
  });

  it('detects an item changed after the totals were taken', () => {
    const tampered = claim();
    tampered.items = [{ ...tampered.items[0], chargeAmount: 9600 }, tampered.items[1]];
    expect(claimAddsUp(tampered)).toBe(false);
  });

  it('detects totals moved together so the gap still matches but the items do not', () => {
    const original = claim();
    expect(
      claimAddsUp({
        ...original,
        totalChargeAmount: original.totalChargeAmount + 100,
        totalRebateAmount: original.totalRebateAmount + 100,
      }),
    ).toBe(false);
  });
});

describe('Claim.void', () => {
  const SYDNEY = 'Australia/Sydney';
  // 2026-11-22T05:28:59Z is 16:28 in Sydney (AEDT, +11): the business day ends at 12:59:59Z.
  const claim = () => claimOf([item(9500, 6000)]);

  it('voids a claim on the day it was made, in the location time zone', () => {
    const voided = claim();
    const lateThatDay = new Date('2026-11-22T12:59:59.000Z');
    voided.void(lateThatDay, SYDNEY);
    expect(voided.voidedAt).toEqual(lateThatDay);
  });

  it('refuses the next business day there, even when UTC is still on the same date', () => {
    const error = errorOf(() => claim().void(new Date('2026-11-22T13:00:00.000Z'), SYDNEY));
    expect(error.code).toBe('claim_not_voidable');
    expect(error.kind).toBe('conflict');
  });

  it('refuses a claim voided already, and an estimate', () => {
    const voided = claim();
    voided.void(NOW, SYDNEY);
    expect(errorOf(() => voided.void(NOW, SYDNEY)).code).toBe('claim_not_voidable');
    expect(errorOf(() => claimOf([item(9500, 6000)], { isRebateEstimate: true }).void(NOW, SYDNEY)).code).toBe(
      'claim_not_voidable',
    );
  });
});
