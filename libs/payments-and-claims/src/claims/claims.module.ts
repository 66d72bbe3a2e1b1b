import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MembershipModule } from '@app/membership';
import { OrganisationsModule } from '@app/organisations';
import { SchedulingModule } from '@app/scheduling';
import { WalletModule } from '@app/wallet';
import { AppConfig, configuredAdapter } from '@app/shared';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { ChangeReferral } from './application/change-referral.use-case.js';
import { ClaimFiling } from './application/claim-filing.js';
import { CreateReferral } from './application/create-referral.use-case.js';
import { EstimateRebate } from './application/estimate-rebate.use-case.js';
import { ReferralChecks } from './application/referral-checks.js';
import { ReferralQueries } from './application/referral.queries.js';
import { VoidClaim } from './application/void-claim.use-case.js';
import { HealthFundGateway } from './domain/health-fund-gateway.js';
import { MedicareGateway } from './domain/medicare-gateway.js';
import { ReferralRepository } from './domain/referral.repository.js';
import { ClaimsController } from './http/claims.controller.js';
import { ReferralsController } from './http/referrals.controller.js';
import { TestHealthFundGateway } from './infrastructure/gateways/test-health-fund-gateway.js';
import { TestMedicareGateway } from './infrastructure/gateways/test-medicare-gateway.js';
import { claimsSchemas } from './infrastructure/persistence/claims.schemas.js';
import { MikroOrmReferralRepository } from './infrastructure/persistence/mikro-orm-referral.repository.js';
import { SqlReferralQueries } from './infrastructure/persistence/sql-referral.queries.js';

/**
 * Claims to health funds and Medicare: filed at check-out, estimated beforehand, voided on the day;
 * and the clients' referrals that Medicare's referred items are claimed under.
 */
@Module({
  imports: [
    MikroOrmModule.forFeature(claimsSchemas),
    LedgerModule,
    InvoicesModule,
    MembershipModule,
    OrganisationsModule,
    SchedulingModule,
    WalletModule,
  ],
  controllers: [ClaimsController, ReferralsController],
  providers: [
    {
      provide: HealthFundGateway,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        configuredAdapter('HEALTH_FUND_GATEWAY', config.healthFundGateway, {
          test: () => new TestHealthFundGateway(config.testRemittanceDelayBusinessDays),
        }),
    },
    {
      provide: MedicareGateway,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        configuredAdapter('MEDICARE_GATEWAY', config.medicareGateway, {
          test: () => new TestMedicareGateway(config.testRemittanceDelayBusinessDays),
        }),
    },
    { provide: ReferralRepository, useClass: MikroOrmReferralRepository },
    { provide: ReferralQueries, useClass: SqlReferralQueries },
    ClaimFiling,
    EstimateRebate,
    VoidClaim,
    CreateReferral,
    ChangeReferral,
    ReferralChecks,
  ],
  exports: [ClaimFiling, VoidClaim, ReferralChecks, HealthFundGateway, MedicareGateway],
})
export class ClaimsModule {}
