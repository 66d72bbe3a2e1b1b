import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Jobs } from '@app/jobs';
import { Clock } from '@app/shared/domain';
import { StripeEventLog } from '../domain/stripe-events.js';

export const STRIPE_EVENTS_PURGE_QUEUE = 'stripe-events.purge';
/** Stripe retries an event for 3 days and lets it be sent again by hand for 30: past that, its id guards nothing. */
const STRIPE_EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Once a day, forgets the ids of Stripe events received more than 30 days ago. */
@Injectable()
export class StripeEventJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: Jobs,
    private readonly log: StripeEventLog,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work(STRIPE_EVENTS_PURGE_QUEUE, { expireInSeconds: 600, retryLimit: 2 }, async () => {
      await this.purge();
    });
    await this.jobs.schedule(STRIPE_EVENTS_PURGE_QUEUE, '41 3 * * *', 'UTC');
  }

  purge(): Promise<number> {
    return this.log.purgeBefore(new Date(this.clock.now().getTime() - STRIPE_EVENT_RETENTION_MS));
  }
}
