import { describe, expect, it } from '@jest/globals';
import { DomainError, isUuid } from '@app/shared/domain';
import { MedicareClaim, type NewMedicareClaim, type NewMedicareClaimItem } from './medicare-claim.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const TRANSACTION = '0193a6fb-b425-70e7-82f9-5d6e7f8091a2';
const PATIENT_CARD = '0193a6f7-7081-7ca3-8eb5-1f2a3b4c5d6e';

const item = (
  chargeAmount: number,
  rebateAmount: number,
  extra: Partial<NewMedicareClaimItem> = {},
): NewMedicareClaimItem => ({
  itemCode: '10960',
  chargeAmount,
  rebateAmount,
  ...extra,
});

const claimOf = (items: NewMedicareClaimItem[], extra: Partial<NewMedicareClaim> = {}): MedicareClaim =>
  MedicareClaim.create(
    ORGANISATION,
    TRANSACTION,
    {
      reference: 'MC-2026-000456',
      type: { code: 'bulk_bill', name: 'Bulk bill' },
      paymentStatus: { code: 'paid', name: 'Paid' },
      patientMedicareCardId: PATIENT_CARD,
      items,
      ...extra,
    },
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

describe('MedicareClaim.create', () => {
  it('gives each item a gap of its charge less its benefit', () => {
    const claim = claimOf([item(9500, 6205), item(7000, 7000), item(12000, 0)]);
    expect(claim.items.map((claimItem) => claimItem.gapAmount)).toEqual([3295, 0, 12000]);
    for (const claimItem of claim.items)
      expect(claimItem.gapAmount).toBe(claimItem.chargeAmount - claimItem.rebateAmount);
  });

  it('counts its items and adds them up into its totals', () => {
    const claim = claimOf([item(9500, 6205), item(7000, 5480), item(3300, 1000)]);
    expect(claim.itemsCount).toBe(3);
    expect(claim.totalChargeAmount).toBe(9500 + 7000 + 3300);
    expect(claim.totalRebateAmount).toBe(6205 + 5480 + 1000);
    expect(claim.totalGapAmount).toBe(3295 + 1520 + 2300);
    expect(claim.totalGapAmount).toBe(claim.totalChargeAmount - claim.totalRebateAmount);
  });

  it('keeps each item as given with its own id, one patient and a quantity of one unless told', () => {
    const claim = claimOf([
      item(9500, 6205, { mcolAssessmentCode: 'A' }),
      item(7000, 5480, { patientCount: 3, quantity: 2, mcolErrorCode: '9' }),
    ]);
    expect(claim.items[0]).toEqual({
      id: expect.any(String),
      itemCode: '10960',
      chargeAmount: 9500,
      rebateAmount: 6205,
      gapAmount: 3295,
      patientCount: 1,
      quantity: 1,
      mcolAssessmentCode: 'A',
      mcolErrorCode: null,
      mcolErrorMessage: null,
    });
    expect(claim.items[1]).toMatchObject({ patientCount: 3, quantity: 2, mcolErrorCode: '9' });
    expect(claim.items.every((claimItem) => isUuid(claimItem.id))).toBe(true);
    expect(claim.items[0].id).not.toBe(claim.items[1].id);
  });

  it('belongs to the transaction it was made for and names the patient card', () => {
    const claim = claimOf([item(9500, 6205)], {
      mcolTransactionId: 'MCOL-TX-88123',
      claimantMedicareCardId: PATIENT_CARD,
    });
    expect(isUuid(claim.id)).toBe(true);
    expect(claim).toMatchObject({
      organisationId: ORGANISATION,
      transactionId: TRANSACTION,
      reference: 'MC-2026-000456',
      type: { code: 'bulk_bill', name: 'Bulk bill' },
      paymentStatus: { code: 'paid', name: 'Paid' },
      patientMedicareCardId: PATIENT_CARD,
      claimantMedicareCardId: PATIENT_CARD,
      mcolTransactionId: 'MCOL-TX-88123',
      mcolClaimId: null,
      rules: { reversal: { enabled: true } },
      createdAt: NOW,
    });
    expect(claimOf([item(1, 0)]).claimantMedicareCardId).toBeNull();
  });

  it('is zero everywhere with no items', () => {
    expect(claimOf([])).toMatchObject({ itemsCount: 0, totalChargeAmount: 0, totalRebateAmount: 0, totalGapAmount: 0 });
  });

  it('refuses an item whose benefit exceeds its fee, even when the totals would not', () => {
    const error = errorOf(() => claimOf([item(9500, 1000), item(1000, 1500)]));
    expect(error.kind).toBe('validation');
    expect(error.code).toBe('claim_totals_mismatch');
  });

  it.each([
    ['a fractional charge', item(95.5, 0), 'items[0].chargeAmount'],
    ['a negative charge', item(-1, 0), 'items[0].chargeAmount'],
    ['a fractional benefit', item(9500, 0.5), 'items[0].rebateAmount'],
    ['a negative benefit', item(9500, -200), 'items[0].rebateAmount'],
  ])('refuses %s, naming the item field', (_name, badItem, field) => {
    const error = errorOf(() => claimOf([badItem]));
    expect(error.code).toBe('validation_failed');
    expect(error.errors).toEqual([expect.objectContaining({ field, code: 'invalid_amount' })]);
  });
});

describe('MedicareClaim.void', () => {
  const SYDNEY = 'Australia/Sydney';
  // NOW is 16:28 in Sydney (AEDT, +11): that business day ends at 12:59:59Z.

  it('voids a claim on the day it was made there: its payment status says so', () => {
    const claim = claimOf([item(9500, 6205)]);
    claim.void(new Date('2026-11-22T12:59:59.000Z'), SYDNEY);
    expect(claim.paymentStatus).toEqual({ code: 'voided', name: 'Voided' });
    expect(claim.isVoided()).toBe(true);
  });

  it('refuses the next business day there, a claim voided already, and one its rules do not let be reversed', () => {
    expect(errorOf(() => claimOf([item(9500, 6205)]).void(new Date('2026-11-22T13:00:00.000Z'), SYDNEY))).toMatchObject(
      {
        code: 'claim_not_voidable',
        kind: 'conflict',
      },
    );
    const voided = claimOf([item(9500, 6205)]);
    voided.void(NOW, SYDNEY);
    expect(errorOf(() => voided.void(NOW, SYDNEY)).code).toBe('claim_not_voidable');
    expect(errorOf(() => claimOf([item(9500, 6205)], { reversalEnabled: false }).void(NOW, SYDNEY)).code).toBe(
      'claim_not_voidable',
    );
  });
});
