// The payments-and-claims context's public surface: the module, and the application services that
// record money (used by the demo data generator and tests).
export { PaymentsAndClaimsModule, paymentsSchemas } from './payments-and-claims.module.js';
export { RecordTransaction } from './application/record-transaction.use-case.js';
export { RecordPaymentOutcome } from './application/record-payment-outcome.use-case.js';
export { AssemblePayout } from './application/assemble-payout.use-case.js';
export { claimAddsUp } from './domain/claim.js';
export { payoutAmountOf } from './domain/payout.js';
export { HealthFundGateway } from './domain/health-fund-gateway.js';
export { MedicareGateway } from './domain/medicare-gateway.js';
export { PayoutBank } from './domain/payout-bank.js';
export { TestHealthFundGateway } from './infrastructure/gateways/test-health-fund-gateway.js';
export { PayoutJobs } from './application/payout-jobs.js';
