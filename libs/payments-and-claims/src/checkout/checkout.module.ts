import { Module } from '@nestjs/common';
import { OrganisationsModule } from '@app/organisations';
import { SchedulingModule } from '@app/scheduling';
import { WalletModule } from '@app/wallet';
import { CardPaymentsModule } from '../card-payments/card-payments.module.js';
import { ClaimsModule } from '../claims/claims.module.js';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { PaymentLinksModule } from '../payment-links/payment-links.module.js';
import { CancelWaitingPayments } from './application/cancel-waiting-payments.js';
import { CancellationPayments, PaymentsForCancellation } from './application/cancellation-payments.js';
import { ChargeCancellationFee } from './application/charge-cancellation-fee.js';
import { CheckOutBooking } from './application/check-out-booking.use-case.js';
import { AwaitingCheckOuts } from './application/awaiting-check-outs.js';
import { ConfirmCheckOut } from './application/confirm-check-out.use-case.js';
import { ConfirmationCodes } from './application/confirmation-codes.js';
import { ConfirmationDispatch } from './application/confirmation-dispatch.js';
import { ConfirmationJobs } from './application/confirmation-jobs.js';
import { RefundFailure } from './application/refund-failure.use-case.js';
import { RefundPayment } from './application/refund-payment.use-case.js';
import { PaymentTransactionsController } from './http/payment-transactions.controller.js';
import { TransactionsController } from './http/transactions.controller.js';

/**
 * A booking's check-out (claims, cards, links), the patient's agreement to its claims by code, its
 * transactions read and their claims voided,
 * refunds, and what a booking's cancellation asks of payments (its fee, its waiting payments). The
 * check-out's route is the booking's, in the bookings controller.
 */
@Module({
  imports: [
    LedgerModule,
    InvoicesModule,
    ClaimsModule,
    CardPaymentsModule,
    PaymentLinksModule,
    SchedulingModule,
    WalletModule,
    OrganisationsModule,
  ],
  controllers: [TransactionsController, PaymentTransactionsController],
  providers: [
    CheckOutBooking,
    ConfirmCheckOut,
    AwaitingCheckOuts,
    ConfirmationCodes,
    ConfirmationDispatch,
    ConfirmationJobs,
    ChargeCancellationFee,
    CancelWaitingPayments,
    { provide: CancellationPayments, useClass: PaymentsForCancellation },
    RefundPayment,
    RefundFailure,
  ],
  exports: [CheckOutBooking, ConfirmCheckOut, ConfirmationCodes, CancellationPayments, RefundFailure],
})
export class CheckoutModule {}
