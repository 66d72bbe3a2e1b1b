// The payments-and-claims context's public surface: the module; each booking's newest transaction,
// which a booking shows as `latestTransaction`; what a booking's cancellation asks of payments (its
// fee, its payment links); the patient's codes for claims, which notifications send; the services that record money; and the payout and fee arithmetic the
// demo data generator reuses; the payout, remittance and Stripe event jobs, which tests run at once.
export { PaymentsAndClaimsModule, paymentsSchemas } from './payments-and-claims.module.js';
export { CheckOutBooking } from './checkout/application/check-out-booking.use-case.js';
export { ConfirmCheckOut } from './checkout/application/confirm-check-out.use-case.js';
export type { ConfirmationSent } from './checkout/application/confirmation-dispatch.js';
export { TransactionQueries, type TransactionView } from './ledger/application/transaction.queries.js';
export { CancellationPayments } from './checkout/application/cancellation-payments.js';
export type { BookingFeeKind } from './checkout/application/charge-cancellation-fee.js';
export { RecordTransaction } from './ledger/application/record-transaction.use-case.js';
export { RecordPaymentOutcome } from './ledger/application/record-payment-outcome.use-case.js';
export { AssemblePayout } from './payouts/application/assemble-payout.use-case.js';
export { payoutAmountOf } from './ledger/domain/payout.js';
export { type PaymentSource, settledByOf } from './ledger/domain/payment-transaction.js';
export { platformFeeOf } from './ledger/domain/checkout-items.js';
export { claimAddsUp } from './ledger/domain/claim.js';
export { HealthFundGateway } from './claims/domain/health-fund-gateway.js';
export { MedicareGateway } from './claims/domain/medicare-gateway.js';
export { PayoutBank } from './payouts/domain/payout-bank.js';
export {
  FUND_TEST_MEMBER_NUMBERS,
  TestHealthFundGateway,
} from './claims/infrastructure/gateways/test-health-fund-gateway.js';
export {
  MEDICARE_TEST_CARD_NUMBERS,
  TestMedicareGateway,
} from './claims/infrastructure/gateways/test-medicare-gateway.js';
export { PayoutJobs } from './payouts/application/payout-jobs.js';
export { RemittanceJobs } from './remittances/application/remittance-jobs.js';
export { StripeEventJobs } from './stripe/application/stripe-event-jobs.js';
export { InvoiceDocuments } from './invoices/application/invoice-documents.js';
export { InvoiceQueries, type InvoiceView } from './invoices/application/invoice.queries.js';
