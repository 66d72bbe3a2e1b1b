import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MembershipModule } from '@app/membership';
import { OrganisationsModule } from '@app/organisations';
import { PractitionersModule } from '@app/practitioners';
import { SchedulingModule } from '@app/scheduling';
import { stripeClientFor, WalletModule } from '@app/wallet';
import { AppConfig, eventData } from '@app/shared';
import { Clock } from '@app/shared/domain';
import { BookingParties } from './application/booking-parties.js';
import { CheckOutBooking } from './application/check-out-booking.use-case.js';
import { ClaimFiling } from './application/claim-filing.js';
import { HealthFundGateway } from './domain/health-fund-gateway.js';
import { MedicareGateway } from './domain/medicare-gateway.js';
import { PayoutBank } from './domain/payout-bank.js';
import { TransactionsController } from './http/transactions.controller.js';
import { ClaimsController } from './http/claims.controller.js';
import { PaymentTransactionsController } from './http/payment-transactions.controller.js';
import { PaymentLinksController } from './http/payment-links.controller.js';
import { PayByLink } from './application/pay-by-link.use-case.js';
import { PaymentLinks } from './application/payment-links.js';
import { PaymentLinkViews } from './application/payment-link-views.js';
import { ChargeCancellationFee } from './application/charge-cancellation-fee.js';
import { EstimateRebate } from './application/estimate-rebate.use-case.js';
import { RefundPayment } from './application/refund-payment.use-case.js';
import { VoidClaim } from './application/void-claim.use-case.js';
import { PayoutJobs } from './application/payout-jobs.js';
import { RunPayout } from './application/run-payout.use-case.js';
import { TestHealthFundGateway } from './infrastructure/gateways/test-health-fund-gateway.js';
import { TestMedicareGateway } from './infrastructure/gateways/test-medicare-gateway.js';
import { TestPayoutBank } from './infrastructure/gateways/test-payout-bank.js';
import { StripePayoutBank } from './infrastructure/gateways/stripe-payout-bank.js';
import { AssemblePayout } from './application/assemble-payout.use-case.js';
import { CancelWaitingPayments } from './application/cancel-waiting-payments.js';
import { CancellationPayments, PaymentsForCancellation } from './application/cancellation-payments.js';
import { OwnershipChecks } from './application/ownership-checks.js';
import { PaymentTransactionQueries } from './application/payment-transaction.queries.js';
import { PayoutQueries } from './application/payout.queries.js';
import { RecordPaymentOutcome } from './application/record-payment-outcome.use-case.js';
import { RecordTransaction } from './application/record-transaction.use-case.js';
import { TransactionQueries } from './application/transaction.queries.js';
import { PaymentsRepository } from './domain/payments.repository.js';
import { PayoutsController } from './http/payouts.controller.js';
import { StripeWebhooksController } from './http/stripe-webhooks.controller.js';
import { CardPaymentOutcome } from './application/card-payment-outcome.use-case.js';
import { PaymentSettlement } from './application/payment-settlement.js';
import { PayoutOutcome } from './application/payout-outcome.use-case.js';
import { ProcessStripeEvent } from './application/process-stripe-event.use-case.js';
import { StripeEventJobs } from './application/stripe-event-jobs.js';
import { RefundFailure } from './application/refund-failure.use-case.js';
import { StripeEventLog, StripeEventVerifier } from './domain/stripe-events.js';
import { SqlStripeEventLog } from './infrastructure/persistence/sql-stripe-event-log.js';
import { SdkStripeEventVerifier } from './infrastructure/stripe/sdk-stripe-event-verifier.js';
import { InvoicesController } from './http/invoices.controller.js';
import { InvoiceDocuments } from './application/invoice-documents.js';
import { InvoiceLedger } from './application/invoice-ledger.js';
import { InvoiceQueries } from './application/invoice.queries.js';
import { InvoiceRepository } from './domain/invoice.repository.js';
import { InvoiceRenderer } from './domain/invoice-renderer.js';
import { MikroOrmInvoiceRepository } from './infrastructure/persistence/mikro-orm-invoice.repository.js';
import { PdfkitInvoiceRenderer } from './infrastructure/pdf/pdfkit-invoice-renderer.js';
import { renderPaymentEvents } from './http/event-renderers.js';
import { MikroOrmPaymentsRepository } from './infrastructure/persistence/mikro-orm-payments.repository.js';
import {
  ClaimSchema,
  InvoiceSchema,
  MedicareClaimSchema,
  PaymentTransactionSchema,
  PayoutSchema,
  TransactionSchema,
} from './infrastructure/persistence/payments.schemas.js';

/** The adapter `setting` names, or a configuration error at start-up. */
function adapter<T>(variable: string, setting: string, adapters: Record<string, () => T>): T {
  if (!Object.hasOwn(adapters, setting))
    throw new Error(`${variable} "${setting}" is not supported; use one of: ${Object.keys(adapters).join(', ')}`);
  return adapters[setting]();
}

export const paymentsSchemas = [
  TransactionSchema,
  ClaimSchema,
  MedicareClaimSchema,
  PayoutSchema,
  PaymentTransactionSchema,
  InvoiceSchema,
];

/**
 * Transactions, payment transactions, claims and payouts: check-out of bookings through the claiming
 * gateways and the card processor, payment links, refunds, voids, cancellation fees (a booking's
 * cancellation charges them through `CancellationPayments`), invoices and their PDFs, the payout runs, Stripe's
 * webhooks (payments settled or failed after 3-D Secure, payouts paid or failed, refunds failed), and bookings'
 * `latestTransaction` (`TransactionQueries`). Bookings are locked and marked paid through
 * scheduling's `BookingLedger`.
 */
@Module({
  imports: [
    MikroOrmModule.forFeature(paymentsSchemas),
    OrganisationsModule,
    PractitionersModule,
    MembershipModule,
    WalletModule,
    SchedulingModule,
  ],
  controllers: [
    PayoutsController,
    TransactionsController,
    ClaimsController,
    PaymentTransactionsController,
    PaymentLinksController,
    InvoicesController,
    StripeWebhooksController,
  ],
  providers: [
    eventData(renderPaymentEvents),
    {
      provide: HealthFundGateway,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        adapter('HEALTH_FUND_GATEWAY', config.healthFundGateway, { test: () => new TestHealthFundGateway() }),
    },
    {
      provide: MedicareGateway,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        adapter('MEDICARE_GATEWAY', config.medicareGateway, { test: () => new TestMedicareGateway() }),
    },
    {
      provide: PayoutBank,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        adapter<PayoutBank>('PAYOUT_BANK', config.payoutBank, {
          test: () => new TestPayoutBank(),
          stripe: () => new StripePayoutBank(stripeClientFor(config)),
        }),
    },
    {
      provide: StripeEventVerifier,
      inject: [AppConfig, Clock],
      // STRIPE_WEBHOOK_SECRET holds the secret of each endpoint that sends here, separated by commas.
      useFactory: (config: AppConfig, clock: Clock) =>
        new SdkStripeEventVerifier(config.stripeWebhookSecret?.split(',').map((secret) => secret.trim()) ?? [], clock),
    },
    { provide: StripeEventLog, useClass: SqlStripeEventLog },
    ProcessStripeEvent,
    StripeEventJobs,
    CardPaymentOutcome,
    PaymentSettlement,
    PayoutOutcome,
    RefundFailure,
    ClaimFiling,
    BookingParties,
    CheckOutBooking,
    EstimateRebate,
    VoidClaim,
    RefundPayment,
    RunPayout,
    PaymentLinks,
    PaymentLinkViews,
    PayByLink,
    ChargeCancellationFee,
    CancelWaitingPayments,
    { provide: CancellationPayments, useClass: PaymentsForCancellation },
    PayoutJobs,
    { provide: PaymentsRepository, useClass: MikroOrmPaymentsRepository },
    RecordTransaction,
    RecordPaymentOutcome,
    AssemblePayout,
    PaymentTransactionQueries,
    OwnershipChecks,
    TransactionQueries,
    PayoutQueries,
    { provide: InvoiceRepository, useClass: MikroOrmInvoiceRepository },
    { provide: InvoiceRenderer, useClass: PdfkitInvoiceRenderer },
    InvoiceQueries,
    InvoiceLedger,
    InvoiceDocuments,
  ],
  exports: [
    CheckOutBooking,
    TransactionQueries,
    InvoiceDocuments,
    CancellationPayments,
    RecordTransaction,
    RecordPaymentOutcome,
    AssemblePayout,
  ],
})
export class PaymentsAndClaimsModule {}
