import type { EventRenderers } from '@app/shared/domain';
import type { ClaimRejection, FiledClaim, FiledMedicareClaim } from '../ledger/application/claim-views.js';
import type { PaymentTransactionView } from '../ledger/application/payment-transaction.queries.js';
import type { InvoiceView } from '../invoices/application/invoice.queries.js';
import type { Refund } from '../checkout/application/refund-payment.use-case.js';
import type { TransactionView } from '../ledger/application/transaction.queries.js';
import type { ConfirmationSent } from '../checkout/application/confirmation-dispatch.js';
import type { MedicareClaim } from '../ledger/domain/medicare-claim.js';
import type { ReferralView } from '../claims/application/referral.queries.js';
import { ReferralResponse } from '../claims/http/dto/referral.response.js';
import type { Payout } from '../ledger/domain/payout.js';
import { InvoiceResponse } from '../invoices/http/dto/invoice.response.js';
import { ClaimResponse, MedicareClaimResponse } from '../ledger/http/dto/claim.response.js';
import { PaymentTransactionResponse } from '../ledger/http/dto/payment-transaction.response.js';
import { PayoutResponse } from '../payouts/http/dto/payout.response.js';
import { RemittanceResponse } from '../remittances/http/dto/remittance.response.js';
import type { Remittance } from '../remittances/domain/remittance.js';
import { AdjustmentNoteResponse } from '../invoices/http/dto/adjustment-note.response.js';
import type { AdjustmentNote } from '../ledger/domain/adjustment-note.js';
import { TransactionResponse } from '../ledger/http/dto/transaction.response.js';

/** The `data` of the money events: each resource as the GET (or the answer) that shows it renders it. */
export function renderPaymentEvents(renderers: EventRenderers): void {
  renderers.register(
    ['transaction.created', 'transaction.cancelled', 'confirmation.verified', 'confirmation.expired'],
    (transaction: TransactionView) => TransactionResponse.from(transaction, { withBillableItems: false }),
  );
  // The transaction whose patient was sent a code; where it went stays in the message.
  renderers.register(['confirmation.sent'], (sent: ConfirmationSent) =>
    TransactionResponse.from(sent.view, { withBillableItems: false }),
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
  renderers.register(['remittance.received', 'remittance.reconciled'], (remittance: Remittance) =>
    RemittanceResponse.from(remittance),
  );
  renderers.register(['invoice.created', 'invoice.paid'], (invoice: InvoiceView) => InvoiceResponse.from(invoice));
  renderers.register(['adjustment_note.created'], (note: AdjustmentNote) => AdjustmentNoteResponse.from(note));
  renderers.register(['referral.created', 'referral.updated', 'referral.deleted'], (referral: ReferralView) =>
    ReferralResponse.from(referral),
  );
}
