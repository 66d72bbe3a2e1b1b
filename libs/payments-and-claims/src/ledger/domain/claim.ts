import { assertCents, type Cents, newUuid, sumCents } from '@app/shared/domain';
import type { ClaimAgreement } from './confirmation.js';
import { claimNotVoidable, claimTotalsMismatch } from './payments.errors.js';

export interface ClaimItem {
  id: string;
  itemCode: string;
  patientReferenceNumber: string | null;
  serviceReference: string | null;
  itemDescription: string | null;
  itemName: string | null;
  chargeAmount: Cents;
  rebateAmount: Cents;
  serviceDate: string;
  response: { statusCode: string | null; responseCode: string | null };
}

export interface NewClaimItem {
  itemCode: string;
  chargeAmount: Cents;
  rebateAmount: Cents;
  serviceDate: Date;
  patientReferenceNumber?: string | null;
  serviceReference?: string | null;
  itemDescription?: string | null;
  itemName?: string | null;
  response?: { statusCode?: string | null; responseCode?: string | null };
}

export interface NewClaim {
  healthFundId: string;
  referenceNumber: string;
  providerNumber: string;
  isRebateEstimate?: boolean;
  items: NewClaimItem[];
  /** How the patient agreed to it; `null` for a rebate estimate. */
  agreement?: ClaimAgreement | null;
  device?: { terminalId: string | null };
  serviceType?: { code: string | null; name: string | null };
  provider?: { providerNumber: string | null; name: string | null; categoryCode: string | null };
  response?: { statusCode: string | null; responseCode: string | null; freeText: string | null };
  payment?: ClaimPayment | null;
  reversalEnabled?: boolean;
}

export interface ClaimPayment {
  paymentAmount: Cents;
  bankAccountNumberLast4: string | null;
  bankAccountBsb: string | null;
  paymentReference: string | null;
  paymentDate: string | null;
}

/**
 * A claim on a private health fund. Its totals are its items added up, and the gap is what the
 * fund does not pay: `totalGapAmount = totalChargeAmount - totalRebateAmount`.
 */
export class Claim {
  id: string;
  organisationId: string;
  healthFundId: string;
  referenceNumber: string;
  providerNumber: string;
  isRebateEstimate: boolean;
  totalChargeAmount: Cents;
  totalRebateAmount: Cents;
  totalGapAmount: Cents;
  items: ClaimItem[];
  device: { terminalId: string | null };
  serviceType: { code: string | null; name: string | null };
  rules: { reversal: { enabled: boolean } };
  response: { statusCode: string | null; responseCode: string | null; freeText: string | null };
  payment: ClaimPayment | null;
  provider: { providerNumber: string | null; name: string | null; categoryCode: string | null };
  cancelledAt: Date | null;
  voidedAt: Date | null;
  /** How the patient agreed to it (kept with it for as long as the claim). */
  agreement: ClaimAgreement | null;
  createdAt: Date;

  static create(organisationId: string, props: NewClaim, now: Date): Claim {
    const claim = new Claim();
    claim.id = newUuid();
    claim.organisationId = organisationId;
    claim.healthFundId = props.healthFundId;
    claim.referenceNumber = props.referenceNumber;
    claim.providerNumber = props.providerNumber;
    claim.isRebateEstimate = props.isRebateEstimate ?? false;
    claim.items = props.items.map((item, index) => ({
      id: newUuid(),
      itemCode: item.itemCode,
      patientReferenceNumber: item.patientReferenceNumber ?? null,
      serviceReference: item.serviceReference ?? null,
      itemDescription: item.itemDescription ?? null,
      itemName: item.itemName ?? null,
      chargeAmount: assertCents(item.chargeAmount, `items[${index}].chargeAmount`),
      rebateAmount: assertCents(item.rebateAmount, `items[${index}].rebateAmount`),
      serviceDate: item.serviceDate.toISOString(),
      response: { statusCode: item.response?.statusCode ?? null, responseCode: item.response?.responseCode ?? null },
    }));
    claim.totalChargeAmount = sumCents(claim.items.map((item) => item.chargeAmount));
    claim.totalRebateAmount = sumCents(claim.items.map((item) => item.rebateAmount));
    if (claim.totalRebateAmount > claim.totalChargeAmount)
      throw claimTotalsMismatch('a claim cannot rebate more than it charges');
    claim.totalGapAmount = claim.totalChargeAmount - claim.totalRebateAmount;
    claim.device = props.device ?? { terminalId: null };
    claim.serviceType = props.serviceType ?? { code: null, name: null };
    claim.rules = { reversal: { enabled: props.reversalEnabled ?? true } };
    claim.response = props.response ?? { statusCode: null, responseCode: null, freeText: null };
    claim.payment = props.payment ?? null;
    claim.provider = props.provider ?? { providerNumber: props.providerNumber, name: null, categoryCode: null };
    claim.cancelledAt = null;
    claim.agreement = props.agreement ?? null;
    claim.voidedAt = null;
    claim.createdAt = now;
    return claim;
  }

  /** The fund's payment of it, as the remittance that paid it says, once reconciled. */
  paid(payment: ClaimPayment): void {
    this.payment = payment;
  }

  /**
   * Funds take a claim back only on the business day it was made, in the location's time zone; an
   * estimate, or a claim already voided or cancelled, cannot be voided.
   */
  void(now: Date, timeZone: string): void {
    if (this.isRebateEstimate || this.voidedAt || this.cancelledAt)
      throw claimNotVoidable(this.id, 'it is not a live claim');
    if (businessDayOf(this.createdAt, timeZone) !== businessDayOf(now, timeZone))
      throw claimNotVoidable(this.id, 'it was made on another business day');
    this.voidedAt = now;
  }
}

/** `YYYY-MM-DD` of the instant on the wall calendar of the time zone. */
export function businessDayOf(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/**
 * `day` (`YYYY-MM-DD`) moved on `count` business days: each step to the next weekday (public
 * holidays are not known). With 0, the day itself, a weekend's too.
 */
export function addBusinessDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  for (let left = count; left > 0;) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/** The money invariants of a claim, as a finance team reconciles them. */
export function claimAddsUp(
  claim: Pick<Claim, 'items' | 'totalChargeAmount' | 'totalRebateAmount' | 'totalGapAmount'>,
): boolean {
  return (
    claim.totalChargeAmount === sumCents(claim.items.map((item) => item.chargeAmount)) &&
    claim.totalRebateAmount === sumCents(claim.items.map((item) => item.rebateAmount)) &&
    claim.totalGapAmount === claim.totalChargeAmount - claim.totalRebateAmount
  );
}
