import type { Cents } from '@app/shared/domain';
import type { PaymentReport, PaymentReportQuery } from './payment-report.js';

export interface FundClaimRequest {
  healthFundId: string;
  /** The full member number, opened from the wallet only for the gateway. */
  memberNumber: string;
  /** The patient's position on the card (`01`, `02` …): the one the claim sent, or the card's default. */
  patientReferenceNumber: string;
  providerNumber: string;
  terminalId: string | null;
  serviceTypeCode: string | null;
  items: { itemCode: string; chargeAmount: Cents; serviceDate: Date }[];
}

export interface FundClaimAnswer {
  /** The fund's reference for the claim: what a reversal names. */
  referenceNumber: string;
  /** In the order of the request's items; each never more than its charge. */
  items: { rebateAmount: Cents; responseCode: string }[];
  response: { statusCode: string; responseCode: string; freeText: string | null };
}

/**
 * Private health fund claiming at the point of sale (HICAPS or Tyro Health in production). A claim
 * is assessed and paid by the fund or refused: `claim` answers the benefit of each item or throws
 * `claim_rejected` (402) or `claim_gateway_timeout` (503), and nothing is owed then. `quote` is the
 * same assessment with no money promised (a rebate estimate). `reverse` takes back an approved
 * claim on the day it was made; reversing one twice is harmless.
 * `paymentReports` answers the settlements that paid the claims asked about.
 */
export abstract class HealthFundGateway {
  abstract claim(request: FundClaimRequest): Promise<FundClaimAnswer>;
  abstract quote(request: FundClaimRequest): Promise<FundClaimAnswer>;
  abstract paymentReports(query: PaymentReportQuery): Promise<PaymentReport[]>;
  abstract reverse(referenceNumber: string): Promise<void>;
}
