import { Module } from '@nestjs/common';
import { eventData } from '@app/shared';
import { CheckoutModule } from './checkout/checkout.module.js';
import { ClaimsModule } from './claims/claims.module.js';
import { claimsSchemas } from './claims/infrastructure/persistence/claims.schemas.js';
import { renderPaymentEvents } from './http/event-renderers.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { LedgerModule } from './ledger/ledger.module.js';
import { paymentsSchemas as ledgerSchemas } from './ledger/infrastructure/persistence/payments.schemas.js';
import { PaymentLinksModule } from './payment-links/payment-links.module.js';
import { PayoutsModule } from './payouts/payouts.module.js';
import { RemittancesModule } from './remittances/remittances.module.js';
import { remittancesSchemas } from './remittances/infrastructure/persistence/remittances.schemas.js';
import { StripeModule } from './stripe/stripe.module.js';

/** Every table of the context, for the ORM's configuration: the ledger's records, the claims room's referrals, the remittances. */
export const paymentsSchemas = [...ledgerSchemas, ...claimsSchemas, ...remittancesSchemas];

/**
 * Transactions, payment transactions, claims and payouts, in rooms that depend one way (lowest
 * first: ledger, invoices, claims, card-payments, payment-links, checkout, payouts, remittances,
 * stripe). Bookings
 * are locked and marked paid through scheduling's `BookingLedger`; other contexts use what the rooms
 * export, through `index.ts`.
 */
@Module({
  imports: [
    LedgerModule,
    InvoicesModule,
    ClaimsModule,
    PaymentLinksModule,
    CheckoutModule,
    PayoutsModule,
    RemittancesModule,
    StripeModule,
  ],
  providers: [eventData(renderPaymentEvents)],
  exports: [LedgerModule, InvoicesModule, CheckoutModule, PayoutsModule, RemittancesModule, StripeModule],
})
export class PaymentsAndClaimsModule {}
