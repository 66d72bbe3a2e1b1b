import { Module } from '@nestjs/common';
import { OrganisationsModule } from '@app/organisations';
import { stripeClientFor } from '@app/wallet';
import { AppConfig, configuredAdapter } from '@app/shared';
import { LedgerModule } from '../ledger/ledger.module.js';
import { AssemblePayout } from './application/assemble-payout.use-case.js';
import { PayoutJobs } from './application/payout-jobs.js';
import { PayoutOutcome } from './application/payout-outcome.use-case.js';
import { PayoutQueries } from './application/payout.queries.js';
import { RunPayout } from './application/run-payout.use-case.js';
import { PayoutBank } from './domain/payout-bank.js';
import { PayoutsController } from './http/payouts.controller.js';
import { StripePayoutBank } from './infrastructure/gateways/stripe-payout-bank.js';
import { SqlPayoutQueries } from './infrastructure/persistence/sql-payout.queries.js';
import { TestPayoutBank } from './infrastructure/gateways/test-payout-bank.js';

/** Payouts: a business's settled card payments paid to its bank, run daily, and what the bank says of them. */
@Module({
  imports: [LedgerModule, OrganisationsModule],
  controllers: [PayoutsController],
  providers: [
    {
      provide: PayoutBank,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        configuredAdapter<PayoutBank>('PAYOUT_BANK', config.payoutBank, {
          test: () => new TestPayoutBank(),
          stripe: () => new StripePayoutBank(stripeClientFor(config)),
        }),
    },
    AssemblePayout,
    RunPayout,
    PayoutJobs,
    PayoutOutcome,
    { provide: PayoutQueries, useClass: SqlPayoutQueries },
  ],
  exports: [AssemblePayout, PayoutJobs, PayoutOutcome],
})
export class PayoutsModule {}
