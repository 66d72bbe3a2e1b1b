import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { jobIdOf, Jobs } from '@app/jobs';
import { AppConfig } from '@app/shared';
import { Clock } from '@app/shared/domain';
import { businessDayOf } from '../../ledger/domain/claim.js';
import { RemittanceRepository } from '../domain/remittance.repository.js';
import { FetchRemittances } from './fetch-remittances.use-case.js';

export const DAILY_QUEUE = 'remittances.daily';
export const FETCH_QUEUE = 'remittances.fetch';

/**
 * Remittances on the job engine: once a day at REMITTANCE_FETCH_TIME (PAYOUT_TIME_ZONE; by default
 * 07:00 in Sydney, after Medicare's overnight payment run) a fetch job per business with claims a payer has not
 * paid yet, each named by its business and day, so a daily job that runs twice (or on two
 * instances) asks the payers once per business and day.
 */
@Injectable()
export class RemittanceJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: Jobs,
    private readonly fetch: FetchRemittances,
    private readonly remittances: RemittanceRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work(DAILY_QUEUE, { expireInSeconds: 300, retryLimit: 3 }, () => this.queueFetches());
    await this.jobs.work<{ businessId: string }>(FETCH_QUEUE, { expireInSeconds: 300, retryLimit: 5 }, async (job) => {
      await this.fetch.execute(job.businessId);
    });
    const [hour, minute] = this.config.remittanceFetchTime.split(':').map(Number);
    await this.jobs.schedule(DAILY_QUEUE, `${minute} ${hour} * * *`, this.config.payoutTimeZone);
  }

  /** One fetch job per business and day: every business with claims waiting, or those named. */
  async queueFetches(businessIds?: string[]): Promise<void> {
    const day = businessDayOf(this.clock.now(), this.config.payoutTimeZone);
    for (const businessId of businessIds ?? (await this.remittances.businessesWithUnremitted(this.clock.now()))) {
      await this.jobs.send(FETCH_QUEUE, { businessId }, { id: jobIdOf('remittance-fetch', businessId, day) });
    }
  }
}
