import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { AppConfig, eventData } from '@app/shared';
import { MembershipModule } from '@app/membership';
import { CardCharges } from './application/card-charges.js';
import { CardNumbers } from './application/card-numbers.js';
import { AddWalletCard } from './application/add-wallet-card.use-case.js';
import { HealthFundQueries } from './application/health-fund.queries.js';
import { RescopeCardFingerprints } from './application/rescope-card-fingerprints.js';
import { WalletCardQueries } from './application/wallet-card.queries.js';
import { CardVault } from './domain/card-vault.js';
import { PaymentProcessor } from './domain/payment-processor.js';
import { WalletCardRepository } from './domain/wallet-card.repository.js';
import { HealthFundsController } from './http/health-funds.controller.js';
import { WalletController } from './http/wallet.controller.js';
import { renderWalletEvents } from './http/event-renderers.js';
import { AesGcmCardVault } from './infrastructure/crypto/aes-gcm-card-vault.js';
import { HealthFundSchema } from './infrastructure/persistence/health-fund.schema.js';
import { MikroOrmWalletCardRepository } from './infrastructure/persistence/mikro-orm-wallet-card.repository.js';
import { SqlHealthFundQueries } from './infrastructure/persistence/sql-health-fund.queries.js';
import { SqlWalletCardQueries } from './infrastructure/persistence/sql-wallet-card.queries.js';
import { WalletCardSchema } from './infrastructure/persistence/wallet-card.schema.js';
import { TestPaymentProcessor } from './infrastructure/processors/test-payment-processor.js';
import { StripePaymentProcessor } from './infrastructure/processors/stripe-payment-processor.js';
import { stripeClientFor } from './infrastructure/processors/stripe-client.js';

export const walletSchemas = [HealthFundSchema, WalletCardSchema];

export const cardVaultFor = (config: AppConfig): CardVault => new AesGcmCardVault(config.masterKey());

/** The card processor `PAYMENT_PROCESSOR` names (checked at start-up by `AppConfig`). */
function paymentProcessor(config: AppConfig): PaymentProcessor {
  return config.paymentProcessor === 'stripe'
    ? new StripePaymentProcessor(stripeClientFor(config))
    : new TestPaymentProcessor();
}

@Module({
  imports: [MikroOrmModule.forFeature(walletSchemas), MembershipModule],
  controllers: [WalletController, HealthFundsController],
  providers: [
    eventData(renderWalletEvents),
    { provide: WalletCardRepository, useClass: MikroOrmWalletCardRepository },
    { provide: CardVault, inject: [AppConfig], useFactory: cardVaultFor },
    { provide: PaymentProcessor, inject: [AppConfig], useFactory: paymentProcessor },
    AddWalletCard,
    { provide: HealthFundQueries, useClass: SqlHealthFundQueries },
    RescopeCardFingerprints,
    { provide: WalletCardQueries, useClass: SqlWalletCardQueries },
    CardCharges,
    CardNumbers,
  ],
  exports: [WalletCardQueries, RescopeCardFingerprints, CardCharges, CardNumbers],
})
export class WalletModule {}
