import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Jobs } from '@app/jobs';
import { AppConfig } from '@app/shared';
import { Clock } from '@app/shared/domain';
import { EventStore } from '../domain/event-store.js';
import { DeliverWebhook } from './deliver-webhook.js';
import { DELIVER_QUEUE, type DeliveryJob } from './webhook-dispatch.js';

export const PURGE_QUEUE = 'events.purge';
const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Registers this context's jobs with the engine when the app starts. */
@Injectable()
export class EventJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: Jobs,
    private readonly deliver: DeliverWebhook,
    private readonly events: EventStore,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // A delivery takes at most 10 s; a job still running after 15 s lost its worker and runs again.
    // An organisation whose endpoints time out takes at most its own share of the workers.
    const concurrency = {
      concurrency: this.config.webhookDeliveryConcurrency,
      concurrencyPerGroup: this.config.webhookDeliveriesPerOrganisation,
    };
    await this.jobs.work<DeliveryJob>(DELIVER_QUEUE, { expireInSeconds: 15, retryLimit: 5, ...concurrency }, (job) =>
      this.deliver.execute(job),
    );
    await this.jobs.work(PURGE_QUEUE, { expireInSeconds: 600, retryLimit: 2 }, async () => {
      await this.purge();
    });
    await this.jobs.schedule(PURGE_QUEUE, '17 3 * * *', 'UTC');
  }

  /** Events (and their deliveries) are kept 30 days. */
  async purge(): Promise<number> {
    return this.events.purgeBefore(new Date(this.clock.now().getTime() - EVENT_RETENTION_MS));
  }
}
