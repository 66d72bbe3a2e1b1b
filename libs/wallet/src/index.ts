// The wallet context's public surface: the module, and batched reads of cards as the spec's
// PaymentMethod, HealthFundCard and MedicareCard, for bookings and claims.
export { WalletModule, walletSchemas, cardVaultFor } from './wallet.module.js';
export { CardVault } from './domain/card-vault.js';
export { RescopeCardFingerprints } from './application/rescope-card-fingerprints.js';
export { WalletCardQueries, type CardView } from './application/wallet-card.queries.js';
export type { HealthFundCardDetails, MedicareCardDetails, WalletCard, WalletCardType } from './domain/wallet-card.js';
export type { HealthFund } from './domain/health-fund.js';
export { isValidMedicareNumber, medicareCheckDigit } from './domain/medicare-number.js';
export { CardCharges } from './application/card-charges.js';
export { CardNumbers } from './application/card-numbers.js';
export { PaymentProcessor, type ChargeRequest, type ProcessorCharge } from './domain/payment-processor.js';
export { TestPaymentProcessor, type TestCharge } from './infrastructure/processors/test-payment-processor.js';
export { StripePaymentProcessor } from './infrastructure/processors/stripe-payment-processor.js';
export { stripeClient, stripeClientFor, isStripeUnavailable } from './infrastructure/processors/stripe-client.js';
