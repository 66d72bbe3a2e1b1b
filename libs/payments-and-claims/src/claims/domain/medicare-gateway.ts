import type { Cents } from '@app/shared/domain';
import type { PaymentReport, PaymentReportQuery } from './payment-report.js';
import type { ReferralType } from './referral.js';

export type MedicareClaimType = 'bulk_bill' | 'patient_claim';

/** A person as their Medicare card names them: what Medicare checks a claim's patient (or claimant) against. */
export interface MedicareCardholder {
  /** The card's 10 digits, its issue number last; opened from the wallet only for the gateway. */
  medicareNumber: string;
  /** The Individual Reference Number: the person's position on the card, 1 to 9. */
  referenceNumber: string;
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD`. */
  dateOfBirth: string;
}

export interface MedicareClaimRequest {
  type: MedicareClaimType;
  patient: MedicareCardholder;
  /** Who claims for the patient (a parent for a child, say); `null` when the patient claims. */
  claimant: MedicareCardholder | null;
  /** The servicing provider's number at the location where the service was given. */
  servicingProviderNumber: string;
  /** The location's Medicare minor id, from its active Medicare registration: the practice location Medicare knows. */
  locationMinorId: string;
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
 * benefit as the whole fee; a patient claim is paid to the patient. `assess` is the same assessment
 * with nothing lodged (what the patient is asked to agree to); its ids name nothing to reverse.
 * `reverse` takes back a claim made today; twice is harmless.
 * `paymentReports` answers the bulk bill payment runs that paid the claims asked about (a patient
 * claim is paid to the patient, and never asked about).
 */
export abstract class MedicareGateway {
  abstract claim(request: MedicareClaimRequest): Promise<MedicareClaimAnswer>;
  abstract assess(request: MedicareClaimRequest): Promise<MedicareClaimAnswer>;
  abstract paymentReports(query: PaymentReportQuery): Promise<PaymentReport[]>;
  abstract reverse(mcolClaimId: string): Promise<void>;
}
