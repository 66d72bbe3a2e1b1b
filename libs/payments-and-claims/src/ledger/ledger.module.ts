import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MembershipModule } from '@app/membership';
import { OrganisationsModule } from '@app/organisations';
import { PractitionersModule } from '@app/practitioners';
import { WalletModule } from '@app/wallet';
import { BookingParties } from './application/booking-parties.js';
import { OwnershipChecks } from './application/ownership-checks.js';
import { PaymentTransactionQueries } from './application/payment-transaction.queries.js';
import { RecordPaymentOutcome } from './application/record-payment-outcome.use-case.js';
import { RecordTransaction } from './application/record-transaction.use-case.js';
import { TransactionQueries } from './application/transaction.queries.js';
import { PaymentsRepository } from './domain/payments.repository.js';
import { MikroOrmPaymentsRepository } from './infrastructure/persistence/mikro-orm-payments.repository.js';
import { SqlPaymentTransactionQueries } from './infrastructure/persistence/sql-payment-transaction.queries.js';
import { SqlTransactionQueries } from './infrastructure/persistence/sql-transaction.queries.js';
import { paymentsSchemas } from './infrastructure/persistence/payments.schemas.js';

const providers = [
  { provide: PaymentsRepository, useClass: MikroOrmPaymentsRepository },
  { provide: TransactionQueries, useClass: SqlTransactionQueries },
  { provide: PaymentTransactionQueries, useClass: SqlPaymentTransactionQueries },
  BookingParties,
  OwnershipChecks,
  RecordTransaction,
  RecordPaymentOutcome,
];

/**
 * The records every room reads and writes: transactions, their payment transactions and claims,
 * payouts and invoices, with the one repository that writes a check-out's together, and how a
 * transaction reads.
 */
@Module({
  imports: [
    MikroOrmModule.forFeature(paymentsSchemas),
    OrganisationsModule,
    PractitionersModule,
    MembershipModule,
    WalletModule,
  ],
  providers,
  exports: providers,
})
export class LedgerModule {}
