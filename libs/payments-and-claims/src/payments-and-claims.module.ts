import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MembershipModule } from '@app/membership';
import { OrganisationsModule } from '@app/organisations';
import { PractitionersModule } from '@app/practitioners';
import { WalletModule } from '@app/wallet';
import { AssemblePayout } from './application/assemble-payout.use-case.js';
import { OwnershipChecks } from './application/ownership-checks.js';
import { PaymentTransactionQueries } from './application/payment-transaction.queries.js';
import { PayoutQueries } from './application/payout.queries.js';
import { RecordPaymentOutcome } from './application/record-payment-outcome.use-case.js';
import { RecordTransaction } from './application/record-transaction.use-case.js';
import { TransactionQueries } from './application/transaction.queries.js';
import { PaymentsRepository } from './domain/payments.repository.js';
import { PayoutsController } from './http/payouts.controller.js';
import { MikroOrmPaymentsRepository } from './infrastructure/persistence/mikro-orm-payments.repository.js';
import { ClaimSchema, MedicareClaimSchema, PaymentTransactionSchema, PayoutSchema, TransactionSchema } from './infrastructure/persistence/payments.schemas.js';

export const paymentsSchemas = [TransactionSchema, ClaimSchema, MedicareClaimSchema, PayoutSchema, PaymentTransactionSchema];

/**
 * Transactions, payment transactions, claims and payouts. Money is recorded through the
 * application services (no HTTP writes yet) and read through the payout routes and, by
 * scheduling, as bookings' `latestTransaction` (`TransactionQueries`).
 */
@Module({
  imports: [MikroOrmModule.forFeature(paymentsSchemas), OrganisationsModule, PractitionersModule, MembershipModule, WalletModule],
  controllers: [PayoutsController],
  providers: [
    { provide: PaymentsRepository, useClass: MikroOrmPaymentsRepository },
    RecordTransaction,
    RecordPaymentOutcome,
    AssemblePayout,
    PaymentTransactionQueries,
    OwnershipChecks,
    TransactionQueries,
    PayoutQueries,
  ],
  exports: [TransactionQueries, RecordTransaction, RecordPaymentOutcome, AssemblePayout],
})
export class PaymentsAndClaimsModule {}
