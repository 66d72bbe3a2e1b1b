import type { Member } from '@app/membership';
import type { CardView, HealthFund } from '@app/wallet';
import type { Claim } from '../domain/claim.js';
import type { MedicareClaim } from '../domain/medicare-claim.js';
import type { PaymentTransaction } from '../domain/payment-transaction.js';

/** A payment transaction with what its answer shows of its claims, cards and people. */
export interface PaymentTransactionView {
  paymentTransaction: PaymentTransaction;
  claim: Claim | null;
  healthFund: HealthFund | null;
  medicareClaim: MedicareClaim | null;
  patientMedicareCard: CardView | null;
  claimantMedicareCard: CardView | null;
  eventMembers: Map<string, Member>;
}

/**
 * Loads everything a list of payment transactions refers to, one statement per kind of thing:
 * claims, Medicare claims, the cards and funds they name, and the members behind their events.
 */
export abstract class PaymentTransactionQueries {
  abstract read(
    organisationId: string,
    paymentTransactions: PaymentTransaction[],
    options: { withEventMembers: boolean },
  ): Promise<PaymentTransactionView[]>;
}
