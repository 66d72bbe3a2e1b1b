import { Module } from '@nestjs/common';
import { OrganisationsModule } from '@app/organisations';
import { SchedulingModule } from '@app/scheduling';
import { WalletModule } from '@app/wallet';
import { AppConfig, configuredAdapter } from '@app/shared';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { ClaimFiling } from './application/claim-filing.js';
import { EstimateRebate } from './application/estimate-rebate.use-case.js';
import { VoidClaim } from './application/void-claim.use-case.js';
import { HealthFundGateway } from './domain/health-fund-gateway.js';
import { MedicareGateway } from './domain/medicare-gateway.js';
import { ClaimsController } from './http/claims.controller.js';
import { TestHealthFundGateway } from './infrastructure/gateways/test-health-fund-gateway.js';
import { TestMedicareGateway } from './infrastructure/gateways/test-medicare-gateway.js';

/** Claims to health funds and Medicare: filed at check-out, estimated beforehand, voided on the day. */
@Module({
  imports: [LedgerModule, InvoicesModule, OrganisationsModule, SchedulingModule, WalletModule],
  controllers: [ClaimsController],
  providers: [
    {
      provide: HealthFundGateway,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        configuredAdapter('HEALTH_FUND_GATEWAY', config.healthFundGateway, { test: () => new TestHealthFundGateway() }),
    },
    {
      provide: MedicareGateway,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        configuredAdapter('MEDICARE_GATEWAY', config.medicareGateway, { test: () => new TestMedicareGateway() }),
    },
    ClaimFiling,
    EstimateRebate,
    VoidClaim,
  ],
  exports: [ClaimFiling, VoidClaim],
})
export class ClaimsModule {}
