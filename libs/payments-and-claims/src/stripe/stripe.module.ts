import { Module } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import { Clock } from '@app/shared/domain';
import { CardPaymentsModule } from '../card-payments/card-payments.module.js';
import { CheckoutModule } from '../checkout/checkout.module.js';
import { PayoutsModule } from '../payouts/payouts.module.js';
import { ProcessStripeEvent } from './application/process-stripe-event.use-case.js';
import { StripeEventJobs } from './application/stripe-event-jobs.js';
import { StripeEventLog, StripeEventVerifier } from './domain/stripe-events.js';
import { StripeWebhooksController } from './http/stripe-webhooks.controller.js';
import { SqlStripeEventLog } from './infrastructure/persistence/sql-stripe-event-log.js';
import { SdkStripeEventVerifier } from './infrastructure/stripe/sdk-stripe-event-verifier.js';

/**
 * Stripe's webhooks: each event verified, kept once, and handed to the room it is about (a card
 * payment's outcome, a payout's, a refund's failure).
 */
@Module({
  imports: [CardPaymentsModule, CheckoutModule, PayoutsModule],
  controllers: [StripeWebhooksController],
  providers: [
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
  ],
  exports: [StripeEventJobs],
})
export class StripeModule {}
