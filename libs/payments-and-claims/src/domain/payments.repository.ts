import type { Claim } from './claim.js';
import type { MedicareClaim } from './medicare-claim.js';
import type { PaymentTransaction } from './payment-transaction.js';
import type { Payout } from './payout.js';
import type { Transaction } from './transaction.js';

/** Writes of payments and claims. Each call commits everything it is given in one transaction. */
export abstract class PaymentsRepository {
  abstract findTransaction(organisationId: string, id: string): Promise<Transaction | null>;
  abstract findPaymentTransaction(organisationId: string, id: string): Promise<PaymentTransaction | null>;
  abstract paymentTransactionsOf(organisationId: string, businessId: string, ids: readonly string[]): Promise<PaymentTransaction[]>;
  abstract save(...entities: (Transaction | PaymentTransaction | Claim | MedicareClaim | Payout)[]): Promise<void>;
}
