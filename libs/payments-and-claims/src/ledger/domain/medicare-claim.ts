import { assertCents, type Cents, newUuid, sumCents } from '@app/shared/domain';
import { businessDayOf, type ClaimPayment } from './claim.js';
import type { ClaimAgreement } from './confirmation.js';
import { claimNotVoidable, claimTotalsMismatch } from './payments.errors.js';

/** The `paymentStatus` of a claim Medicare took back: the spec's MedicareClaim has no `voidedAt`. */
export const VOIDED_STATUS = { code: 'voided', name: 'Voided' } as const;

export interface MedicareClaimItem {
  id: string;
  itemCode: string;
  chargeAmount: Cents;
  rebateAmount: Cents;
  gapAmount: Cents;
  patientCount: number;
  quantity: number;
  mcolAssessmentCode: string | null;
  mcolErrorCode: string | null;
  mcolErrorMessage: string | null;
}

export interface NewMedicareClaimItem {
  itemCode: string;
  chargeAmount: Cents;
  rebateAmount: Cents;
  patientCount?: number;
  quantity?: number;
  mcolAssessmentCode?: string | null;
  mcolErrorCode?: string | null;
  mcolErrorMessage?: string | null;
}

export interface NewMedicareClaim {
  reference: string;
  /** E.g. `{ code: 'bulk_bill', name: 'Bulk bill' }`. */
  type: Record<string, unknown>;
  paymentStatus: Record<string, unknown>;
  items: NewMedicareClaimItem[];
  patientMedicareCardId: string;
  claimantMedicareCardId?: string | null;
  mcolTransactionId?: string | null;
  mcolClaimId?: string | null;
  mcolErrorCode?: string | null;
  mcolErrorMessage?: string | null;
  reversalEnabled?: boolean;
  /** The referral the claim was made under, for items Medicare pays only on one. */
  referralId?: string | null;
  /** How the patient agreed to it: a bulk bill's assignment of benefit; `null` for a patient claim. */
  agreement?: ClaimAgreement | null;
  /** When the service claimed was given. */
  serviceDate?: Date | null;
  /** The provider number Medicare pays a bulk bill under: the servicing provider's at the location. */
  payeeProviderNumber?: string | null;
}

/**
 * A claim on Medicare (through Medicare Online). Each item's gap is its charge less its benefit;
 * the totals are the items added up.
 */
export class MedicareClaim {
  id: string;
  organisationId: string;
  reference: string;
  mcolTransactionId: string | null;
  mcolClaimId: string | null;
  mcolErrorCode: string | null;
  mcolErrorMessage: string | null;
  /** The Transaction the claim was made for. */
  transactionId: string | null;
  type: Record<string, unknown>;
  paymentStatus: Record<string, unknown>;
  totalChargeAmount: Cents;
  totalRebateAmount: Cents;
  totalGapAmount: Cents;
  itemsCount: number;
  items: MedicareClaimItem[];
  rules: { reversal: { enabled: boolean } };
  patientMedicareCardId: string;
  claimantMedicareCardId: string | null;
  /** The referral it was made under (`null` for items paid without one). */
  referralId: string | null;
  agreement: ClaimAgreement | null;
  /** When the service claimed was given; `null` for a claim recorded without it. */
  serviceDate: Date | null;
  /** Whom Medicare pays a bulk bill to; `null` for a claim recorded without it (its remittance is matched by hand). */
  payeeProviderNumber: string | null;
  createdAt: Date;

  static create(
    organisationId: string,
    transactionId: string | null,
    props: NewMedicareClaim,
    now: Date,
  ): MedicareClaim {
    const claim = new MedicareClaim();
    claim.id = newUuid();
    claim.organisationId = organisationId;
    claim.reference = props.reference;
    claim.mcolTransactionId = props.mcolTransactionId ?? null;
    claim.mcolClaimId = props.mcolClaimId ?? null;
    claim.mcolErrorCode = props.mcolErrorCode ?? null;
    claim.mcolErrorMessage = props.mcolErrorMessage ?? null;
    claim.transactionId = transactionId;
    claim.type = props.type;
    claim.paymentStatus = props.paymentStatus;
    claim.items = props.items.map((item, index) => {
      const chargeAmount = assertCents(item.chargeAmount, `items[${index}].chargeAmount`);
      const rebateAmount = assertCents(item.rebateAmount, `items[${index}].rebateAmount`);
      if (rebateAmount > chargeAmount) throw claimTotalsMismatch('a Medicare benefit cannot exceed the fee charged');
      return {
        id: newUuid(),
        itemCode: item.itemCode,
        chargeAmount,
        rebateAmount,
        gapAmount: chargeAmount - rebateAmount,
        patientCount: item.patientCount ?? 1,
        quantity: item.quantity ?? 1,
        mcolAssessmentCode: item.mcolAssessmentCode ?? null,
        mcolErrorCode: item.mcolErrorCode ?? null,
        mcolErrorMessage: item.mcolErrorMessage ?? null,
      };
    });
    claim.itemsCount = claim.items.length;
    claim.totalChargeAmount = sumCents(claim.items.map((item) => item.chargeAmount));
    claim.totalRebateAmount = sumCents(claim.items.map((item) => item.rebateAmount));
    claim.totalGapAmount = sumCents(claim.items.map((item) => item.gapAmount));
    claim.rules = { reversal: { enabled: props.reversalEnabled ?? true } };
    claim.patientMedicareCardId = props.patientMedicareCardId;
    claim.claimantMedicareCardId = props.claimantMedicareCardId ?? null;
    claim.referralId = props.referralId ?? null;
    claim.agreement = props.agreement ?? null;
    claim.serviceDate = props.serviceDate ?? null;
    claim.payeeProviderNumber = props.payeeProviderNumber ?? null;
    claim.createdAt = now;
    return claim;
  }

  isVoided(): boolean {
    return this.paymentStatus.code === VOIDED_STATUS.code;
  }

  /**
   * Medicare's payment of it, as the payment run that paid it says, once reconciled: kept in its
   * `paymentStatus` (the spec's MedicareClaim has no `payment`), beside the code it had.
   */
  paid(payment: ClaimPayment): void {
    this.paymentStatus = { ...this.paymentStatus, payment };
  }

  /** Medicare Online cancels a claim only on the day it was made (the location's time zone), and only one its rules let be reversed. */
  void(now: Date, timeZone: string): void {
    if (this.isVoided() || !this.rules.reversal.enabled)
      throw claimNotVoidable(this.id, 'it is not a live, reversible claim');
    if (businessDayOf(this.createdAt, timeZone) !== businessDayOf(now, timeZone))
      throw claimNotVoidable(this.id, 'it was made on another business day');
    this.paymentStatus = { ...VOIDED_STATUS };
  }
}
