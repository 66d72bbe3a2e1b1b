// The payments-and-claims context's public surface: the module; each booking's newest transaction,
// which scheduling shows as `latestTransaction`; the services that record money (no HTTP writes
// yet: the tests call them); and the payout arithmetic the demo data generator reuses.
export { PaymentsAndClaimsModule, paymentsSchemas } from './payments-and-claims.module.js';
export { TransactionQueries, type TransactionView } from './application/transaction.queries.js';
export { TransactionResponse } from './http/dto/transaction.response.js';
export { RecordTransaction } from './application/record-transaction.use-case.js';
export { RecordPaymentOutcome } from './application/record-payment-outcome.use-case.js';
export { AssemblePayout } from './application/assemble-payout.use-case.js';
export { payoutAmountOf } from './domain/payout.js';
