import type { Cents } from '@app/shared/domain';

/** A claim the business lodged with a payer that no recorded remittance has paid yet. */
export interface LodgedClaim {
  /** The payer's own id of the claim: Medicare Online's claim id, the fund's reference number. */
  reference: string;
  lodgedAt: Date;
  /** The benefit the payer approved for it. */
  benefit: Cents;
}

/**
 * What a payer is asked for its payment reports to one payee: Services Australia's bulk bill payment
 * report is asked for by the claims and the payee provider that lodged them, and a fund's claiming
 * network settles by provider.
 */
export interface PaymentReportQuery {
  /** The provider number the payer pays under: Medicare's payee provider, the fund claim's provider. */
  payeeProviderNumber: string;
  claims: LodgedClaim[];
  asOf: Date;
}

/** One deposit a payer made to the payee, and the claims it paid (a payment run's report). */
export interface PaymentReport {
  /** The payer's id of the deposit (Medicare's payment run number, the fund's settlement reference): one report, one id. */
  paymentReference: string;
  /** `YYYY-MM-DD`: the day the payer asked the bank to pay it. */
  paymentDate: string;
  bankAccountBsb: string;
  bankAccountNumberLast4: string;
  /** What was deposited: the sum of `claims[].paidAmount`. */
  amount: Cents;
  /** By the references of the query's claims; a claim not paid yet is not listed. */
  claims: { reference: string; paidAmount: Cents }[];
}
