import { Module } from '@nestjs/common';
import { MembershipModule } from '@app/membership';
import { OrganisationsModule } from '@app/organisations';
import { PractitionersModule } from '@app/practitioners';
import { SchedulingModule } from '@app/scheduling';
import { WalletModule } from '@app/wallet';
import { CardPaymentsModule } from '../card-payments/card-payments.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { PayByLink } from './application/pay-by-link.use-case.js';
import { PaymentLinkViews } from './application/payment-link-views.js';
import { PaymentLinks } from './application/payment-links.js';
import { PaymentLinksController } from './http/payment-links.controller.js';

/** Payment links: made by a check-out or a cancellation fee, paid by the patient on the pay page. */
@Module({
  imports: [
    LedgerModule,
    CardPaymentsModule,
    OrganisationsModule,
    PractitionersModule,
    MembershipModule,
    SchedulingModule,
    WalletModule,
  ],
  controllers: [PaymentLinksController],
  providers: [PaymentLinks, PaymentLinkViews, PayByLink],
  exports: [PaymentLinks],
})
export class PaymentLinksModule {}
