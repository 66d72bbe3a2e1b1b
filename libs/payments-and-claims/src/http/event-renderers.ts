import type { EventRenderers } from '@app/shared/domain';
import type { ClaimRejection, FiledClaim, FiledMedicareClaim } from '../application/claim-views.js';
import type { PaymentTransactionView } from '../application/payment-transaction.queries.js';
import type { InvoiceView } from '../application/invoice.queries.js';
import type { Refund } from '../application/refund-payment.use-case.js';
import type { TransactionView } from '../application/transaction.queries.js';
import type { MedicareClaim } from '../domain/medicare-claim.js';
import type { Payout } from '../domain/payout.js';
import { InvoiceResponse } from './dto/invoice.response.js';
import { ClaimResponse, MedicareClaimResponse } from './dto/claim.response.js';
import { PaymentTransactionResponse } from './dto/payment-transaction.response.js';
import { PayoutResponse } from './dto/payout.response.js';
import { TransactionResponse } from './dto/transaction.response.js';

/** The `data` of the money events: each resource as the GET (or the answer) that shows it renders it. */
export function renderPaymentEvents(renderers: EventRenderers): void {
  renderers.register(['transaction.created'], (transaction: TransactionView) =>
    TransactionResponse.from(transaction, { withBillableItems: false }),
  );
  renderers.register(['payment.succeeded', 'payment.failed'], (payment: PaymentTransactionView) =>
    PaymentTransactionResponse.from(payment, 'transaction'),
  );
  renderers.register(['claim.approved', 'claim.voided'], (claim: FiledClaim) => ClaimResponse.of(claim));
  renderers.register(['medicare_claim.approved'], (payment: FiledMedicareClaim) =>
    MedicareClaimResponse.from(payment.medicareClaim, payment, { withCards: false }),
  );
  renderers.register(['medicare_claim.voided'], (claim: MedicareClaim) =>
    MedicareClaimResponse.from(claim, null, { withCards: false }),
  );
  // A refusal is no stored resource: its code and message are the data.
  renderers.register(['claim.rejected', 'medicare_claim.rejected'], (rejection: ClaimRejection) => rejection);
  // The refund's answer is the adjustment as it is stored.
  renderers.register(['refund.created', 'refund.failed'], (refund: Refund) => refund);
  renderers.register(['payout.created', 'payout.paid', 'payout.failed'], (payout: Payout) =>
    PayoutResponse.from(payout),
  );
  renderers.register(['invoice.created', 'invoice.paid'], (invoice: InvoiceView) => InvoiceResponse.from(invoice));
}
