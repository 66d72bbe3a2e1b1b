import { assertCents, type Cents, newUuid, nextUpdatedAt } from '@app/shared/domain';
import type { ClaimPayment } from '../../ledger/domain/claim.js';
import { remittanceReconciled } from '../../ledger/domain/payments.errors.js';

export type PayerType = 'medicare' | 'health_fund';

/**
 * `unreconciled`: it matches its claims, and waits for the business to reconcile it; `discrepancy`:
 * the payer paid another amount than its claims' benefits; `reconciled`: the business (or the
 * business's setting, for one that matches) took it as paid.
 */
export type RemittanceStatus = 'unreconciled' | 'reconciled' | 'discrepancy';

/** Who paid: Medicare (Services Australia), or a health fund by its id in the wallet's directory. */
export interface Payer {
  type: PayerType;
  /** The fund's; `null` for Medicare. */
  healthFundId: string | null;
  name: string;
}

/** A deposit as its payer reported it. */
export interface ReceivedPayment {
  payeeProviderNumber: string;
  paymentReference: string;
  paymentDate: string;
  bankAccountBsb: string;
  bankAccountNumberLast4: string;
  amount: Cents;
}

/**
 * What a payer (Medicare or a health fund) deposited into a business's bank account for claims the
 * business lodged, matched to those claims: `expectedAmount` is their approved benefits, `amount`
 * what arrived. It never pays a claim twice, and a claim it paid cannot be voided.
 */
export class Remittance {
  id: string;
  organisationId: string;
  businessId: string;
  payerType: PayerType;
  healthFundId: string | null;
  payerName: string;
  payeeProviderNumber: string;
  /** `YYYY-MM-DD`. */
  paymentDate: string;
  paymentReference: string;
  bankAccountBsb: string;
  bankAccountNumberLast4: string;
  amount: Cents;
  expectedAmount: Cents;
  claimCount: number;
  status: RemittanceStatus;
  createdAt: Date;
  /** When its status last moved on; `createdAt` until then. */
  updatedAt: Date;

  static received(
    owner: { organisationId: string; businessId: string },
    payer: Payer,
    payment: ReceivedPayment,
    claims: { expected: Cents; paid: Cents }[],
    now: Date,
  ): Remittance {
    const remittance = new Remittance();
    remittance.id = newUuid();
    remittance.organisationId = owner.organisationId;
    remittance.businessId = owner.businessId;
    remittance.payerType = payer.type;
    remittance.healthFundId = payer.healthFundId;
    remittance.payerName = payer.name;
    remittance.payeeProviderNumber = payment.payeeProviderNumber;
    remittance.paymentDate = payment.paymentDate;
    remittance.paymentReference = payment.paymentReference;
    remittance.bankAccountBsb = payment.bankAccountBsb;
    remittance.bankAccountNumberLast4 = payment.bankAccountNumberLast4;
    remittance.amount = assertCents(payment.amount, 'amount');
    remittance.expectedAmount = claims.reduce((sum, claim) => sum + claim.expected, 0);
    remittance.claimCount = claims.length;
    // Short on one claim and over on another is a discrepancy too, though the sums agree.
    const matches =
      remittance.amount === remittance.expectedAmount && claims.every((claim) => claim.paid === claim.expected);
    remittance.status = matches ? 'unreconciled' : 'discrepancy';
    remittance.createdAt = now;
    remittance.updatedAt = now;
    return remittance;
  }

  /**
   * The business takes it as paid: for a discrepancy, the payer's amounts are what each claim was
   * paid. Once only (409 `remittance_reconciled`).
   */
  reconcile(now: Date): void {
    if (this.status === 'reconciled') throw remittanceReconciled(this.id);
    this.status = 'reconciled';
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }

  /** A claim's `payment` once reconciled: what this deposit paid for it, and where. */
  paymentFor(paidAmount: Cents): ClaimPayment {
    return {
      paymentAmount: paidAmount,
      bankAccountNumberLast4: this.bankAccountNumberLast4,
      bankAccountBsb: this.bankAccountBsb,
      paymentReference: this.paymentReference,
      paymentDate: new Date(`${this.paymentDate}T00:00:00.000Z`).toISOString(),
    };
  }
}
