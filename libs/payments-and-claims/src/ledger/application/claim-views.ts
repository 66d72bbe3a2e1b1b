import type { HealthFund } from '@app/wallet';
import type { Claim } from '../domain/claim.js';
import type { MedicareClaim } from '../domain/medicare-claim.js';
import type { PaymentTransactionView } from './payment-transaction.queries.js';

/** A health fund claim with its fund: what a claim's answer and its events show. */
export interface FiledClaim {
  claim: Claim;
  healthFund: HealthFund | null;
}

/** What a void answers: the health fund claim with its fund, or the Medicare claim. */
export type VoidedClaim = { fundClaim: FiledClaim } | { medicareClaim: MedicareClaim };

/** A payment transaction known to carry a Medicare claim. */
export type FiledMedicareClaim = PaymentTransactionView & { medicareClaim: MedicareClaim };

/** Why a fund or Medicare refused a claim: the `data` of `claim.rejected` and `medicare_claim.rejected`. */
export interface ClaimRejection {
  code: string;
  message: string;
}
