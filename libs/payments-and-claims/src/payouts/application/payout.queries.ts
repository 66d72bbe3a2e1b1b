import type { Page, PageRequest } from '@app/shared/domain';
import type { PaymentTransactionView } from '../../ledger/application/payment-transaction.queries.js';
import type { SettledBy } from '../../ledger/domain/payment-transaction.js';
import type { Payout } from '../../ledger/domain/payout.js';

/** One row of a payout's reconciliation: a payment transaction and what this payout paid of it. */
export interface ReconciliationRow {
  id: string;
  createdAt: Date;
  source: string;
  /** Who pays its money to the business: the platform (card money, which the payout pays) or the claim's payer. */
  settledBy: SettledBy;
  bookingId: string | null;
  clientName: string | null;
  amount: number;
  platformFeeAmount: number;
  /** The adjustments this payout counted of the row (signed cents); 0 on a claim's row. */
  adjustments: number;
  /** What this payout paid for the row: its amount less the fee if it paid the row out, plus `adjustments`; 0 on a claim's row. */
  net: number;
}

/** A business's payouts and what they are made of, for reconciliation against the bank. */
export abstract class PayoutQueries {
  /** Newest first; in sync mode (`updatedSince`) those changed since, `updatedAt, id` ascending. */
  abstract list(businessId: string, page: PageRequest): Promise<Page<Payout>>;
  /** The business's payout; `payout_not_found` otherwise. */
  abstract get(businessId: string, payoutId: string): Promise<Payout>;
  /**
   * The payout's payment transactions in `createdAt, id` order, fully read: those whose amount it
   * paid out, and those paid out before of which it counted an adjustment (a later refund). A payout
   * of another business is a 404.
   */
  abstract transactions(businessId: string, payoutId: string, page: PageRequest): Promise<Page<PaymentTransactionView>>;
  /**
   * Every payment transaction of the payout, in `createdAt, id` order, as reconciliation rows in
   * batches, so a payout of any size streams without holding it all. Their `net` adds up to the
   * payout's amount. Checks the payout first: a payout of another business is a 404.
   */
  abstract reconciliation(businessId: string, payoutId: string): Promise<AsyncIterable<ReconciliationRow[]>>;
}
