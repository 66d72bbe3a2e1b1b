import type { Cents, Page, PageRequest } from '@app/shared/domain';
import type { PaymentTransactionView } from '../../ledger/application/payment-transaction.queries.js';
import type { Remittance, RemittanceStatus } from '../domain/remittance.js';

/** A claim a remittance paid: its payment transaction, fully read, and what the payer paid for it. */
export interface RemittedClaimView {
  view: PaymentTransactionView;
  paidAmount: Cents;
}

/** A business's remittances and the claims each paid. */
export abstract class RemittanceQueries {
  /** Newest payment first; in sync mode (`updatedSince`) those changed since, `updatedAt, id` ascending. */
  abstract list(
    businessId: string,
    filters: { status?: RemittanceStatus },
    page: PageRequest,
  ): Promise<Page<Remittance>>;
  /** The business's remittance; `not_found` otherwise. */
  abstract get(businessId: string, remittanceId: string): Promise<Remittance>;
  /** The claims it paid, in `createdAt, id` order. A remittance of another business is a 404. */
  abstract claims(businessId: string, remittanceId: string, page: PageRequest): Promise<Page<RemittedClaimView>>;
}
