// The payments-and-claims context's public surface: the module; each booking's newest transaction,
// which a booking shows as `latestTransaction`; what a booking's cancellation asks of payments (its
// fee, its payment links); the services that record money; and the payout and fee arithmetic the
// demo data generator reuses; the payout and Stripe event jobs, which tests run at once.
export { PaymentsAndClaimsModule, paymentsSchemas } from './payments-and-claims.module.js';
export { CheckOutBooking } from './application/check-out-booking.use-case.js';
export { TransactionQueries, type TransactionView } from './application/transaction.queries.js';
export { CancellationPayments } from './application/cancellation-payments.js';
export type { BookingFeeKind } from './application/charge-cancellation-fee.js';
export { RecordTransaction } from './application/record-transaction.use-case.js';
export { RecordPaymentOutcome } from './application/record-payment-outcome.use-case.js';
export { AssemblePayout } from './application/assemble-payout.use-case.js';
export { payoutAmountOf } from './domain/payout.js';
export { platformFeeOf } from './domain/checkout-items.js';
export { claimAddsUp } from './domain/claim.js';
export { HealthFundGateway } from './domain/health-fund-gateway.js';
export { MedicareGateway } from './domain/medicare-gateway.js';
export { PayoutBank } from './domain/payout-bank.js';
export { TestHealthFundGateway } from './infrastructure/gateways/test-health-fund-gateway.js';
export { TestMedicareGateway } from './infrastructure/gateways/test-medicare-gateway.js';
export { PayoutJobs } from './application/payout-jobs.js';
export { StripeEventJobs } from './application/stripe-event-jobs.js';
export { InvoiceDocuments } from './application/invoice-documents.js';
