import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { OrganisationsModule } from '@app/organisations';
import { WalletModule } from '@app/wallet';
import { ClaimsModule } from '../claims/claims.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { FetchRemittances } from './application/fetch-remittances.use-case.js';
import { ReconcileRemittance } from './application/reconcile-remittance.use-case.js';
import { RemittanceJobs } from './application/remittance-jobs.js';
import { RemittanceQueries } from './application/remittance.queries.js';
import { RemittanceRepository } from './domain/remittance.repository.js';
import { RemittancesController } from './http/remittances.controller.js';
import { MikroOrmRemittanceRepository } from './infrastructure/persistence/mikro-orm-remittance.repository.js';
import { remittancesSchemas } from './infrastructure/persistence/remittances.schemas.js';
import { SqlRemittanceQueries } from './infrastructure/persistence/sql-remittance.queries.js';

/** Remittances: what Medicare and the funds deposited for the business's claims, fetched daily and reconciled. */
@Module({
  imports: [
    MikroOrmModule.forFeature(remittancesSchemas),
    LedgerModule,
    ClaimsModule,
    OrganisationsModule,
    WalletModule,
  ],
  controllers: [RemittancesController],
  providers: [
    { provide: RemittanceRepository, useClass: MikroOrmRemittanceRepository },
    { provide: RemittanceQueries, useClass: SqlRemittanceQueries },
    FetchRemittances,
    ReconcileRemittance,
    RemittanceJobs,
  ],
  exports: [RemittanceJobs],
})
export class RemittancesModule {}
