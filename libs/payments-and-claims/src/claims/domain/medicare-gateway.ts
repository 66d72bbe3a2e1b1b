import type { Cents } from '@app/shared/domain';
import type { ReferralType } from './referral.js';

export type MedicareClaimType = 'bulk_bill' | 'patient_claim';

export interface MedicareClaimRequest {
  type: MedicareClaimType;
  patientMedicareNumber: string;
  claimantMedicareNumber: string | null;
  providerNumber: string;
  items: { itemCode: string; chargeAmount: Cents; serviceDate: Date }[];
  /** The referral the services were given on, as Medicare asks for it with a referred item; `null` when none was named. */
  referral: { issuedOn: string; referringProviderNumber: string; type: ReferralType } | null;
}

export interface MedicareClaimAnswer {
  /** Medicare Online's ids of the transmission and of the claim. */
  mcolTransactionId: string;
  mcolClaimId: string;
  /** In the order of the request's items. */
  items: { benefitAmount: Cents; mcolAssessmentCode: string }[];
}

/**
 * Medicare claiming (Medicare Online in production). `claim` answers the MBS benefit of each item
 * or throws `medicare_claim_rejected` (402, with Medicare's error code and message) or
 * `claim_gateway_timeout` (503). A bulk bill is paid to the business and the practice accepts the
 * benefit as the whole fee; a patient claim is paid to the patient. `reverse` takes back a claim
 * made today; twice is harmless.
 */
export abstract class MedicareGateway {
  abstract claim(request: MedicareClaimRequest): Promise<MedicareClaimAnswer>;
  abstract reverse(mcolClaimId: string): Promise<void>;
}
