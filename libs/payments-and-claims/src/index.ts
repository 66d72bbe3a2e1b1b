// The payments-and-claims context's public surface: the module, and the application services that
// record money (used by the demo data generator and tests).
export { PaymentsAndClaimsModule, paymentsSchemas } from './payments-and-claims.module.js';
export { RecordTransaction } from './application/record-transaction.use-case.js';
export { RecordPaymentOutcome } from './application/record-payment-outcome.use-case.js';
export { AssemblePayout } from './application/assemble-payout.use-case.js';
export { claimAddsUp } from './domain/claim.js';
export { payoutAmountOf } from './domain/payout.js';
