import { Module } from '@nestjs/common';
import { SchedulingModule } from '@app/scheduling';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { CardPaymentOutcome } from './application/card-payment-outcome.use-case.js';
import { PaymentSettlement } from './application/payment-settlement.js';

/** A card payment that waited for the payer's bank (a check-out's or a link's): settled or failed later. */
@Module({
  imports: [LedgerModule, InvoicesModule, SchedulingModule],
  providers: [PaymentSettlement, CardPaymentOutcome],
  exports: [PaymentSettlement, CardPaymentOutcome],
})
export class CardPaymentsModule {}
