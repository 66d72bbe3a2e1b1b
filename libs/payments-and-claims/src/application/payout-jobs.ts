import { hash } from 'node:crypto';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Jobs } from '@app/jobs';
import { AppConfig } from '@app/shared';
import { Clock, DomainError, DomainEvents } from '@app/shared/domain';
import { PayoutBank } from '../domain/payout-bank.js';
import { PaymentsRepository } from '../domain/payments.repository.js';
import { moveOn } from '../domain/payout.js';
import { RunPayout, TRANSFER_QUEUE } from './run-payout.use-case.js';

export const DAILY_QUEUE = 'payouts.daily';
export const RUN_QUEUE = 'payouts.run';
export const SETTLE_QUEUE = 'payouts.settle';
/** How long after a transfer the bank is asked whether the money arrived, and again while it has not. */
const SETTLE_AFTER_SECONDS = 60;

/**
 * Payouts on the job engine: once a day at PAYOUT_TIME (PAYOUT_TIME_ZONE) a run job per business
 * with money waiting; a transfer job per payout (pending → in_transit); a settle job that asks the
 * bank (→ paid, or failed and its payment transactions back in the queue for the next run). Each
 * moves the payout under its row lock: a job the engine runs again while the first run is still
 * going (past its expiry) waits, and finds the payout moved on.
 */
@Injectable()
export class PayoutJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: Jobs,
    private readonly run: RunPayout,
    private readonly payments: PaymentsRepository,
    private readonly bank: PayoutBank,
    private readonly events: DomainEvents,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work(DAILY_QUEUE, { expireInSeconds: 300, retryLimit: 3 }, () => this.queueRuns());
    await this.jobs.work<{ businessId: string }>(RUN_QUEUE, { expireInSeconds: 300, retryLimit: 5 }, (job) => this.runFor(job.businessId));
    await this.jobs.work<{ payoutId: string }>(TRANSFER_QUEUE, { expireInSeconds: 60, retryLimit: 10 }, (job) => this.transfer(job.payoutId));
    await this.jobs.work<{ payoutId: string }>(SETTLE_QUEUE, { expireInSeconds: 60, retryLimit: 10 }, (job) => this.settle(job.payoutId));
    const [hour, minute] = this.config.payoutTime.split(':').map(Number);
    await this.jobs.schedule(DAILY_QUEUE, `${minute} ${hour} * * *`, this.config.payoutTimeZone);
  }

  /**
   * One run job per business and day: a daily job that runs twice queues each business once. Every
   * business with money waiting, or those named (tests name theirs, the database is shared).
   */
  async queueRuns(businessIds?: string[]): Promise<void> {
    const day = this.clock.now().toISOString().slice(0, 10);
    for (const businessId of businessIds ?? (await this.payments.businessesWithUnpaid())) {
      await this.jobs.send(RUN_QUEUE, { businessId }, { id: uuidOf(`payout-run:${businessId}:${day}`) });
    }
  }

  async runFor(businessId: string): Promise<void> {
    try {
      await this.run.execute(businessId);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'nothing_to_pay_out') return;
      throw error;
    }
  }

  async transfer(payoutId: string): Promise<void> {
    await this.events.transaction(async () => {
      const payout = await this.payments.lockPayout(payoutId);
      if (!payout || payout.status !== 'pending') return;
      // The bank treats a repeated transfer of one payout as the first: a retried job sends nothing twice.
      await this.bank.send({ payoutId: payout.id, businessId: payout.businessId, amount: payout.amount, arrivalDate: payout.arrivalDate });
      moveOn(payout, 'in_transit', this.clock.now());
      await this.payments.save(payout);
      await this.jobs.send(SETTLE_QUEUE, { payoutId }, { startAfterSeconds: this.settleAfterSeconds() });
    });
  }

  async settle(payoutId: string): Promise<void> {
    await this.events.transaction(async () => {
      const payout = await this.payments.lockPayout(payoutId);
      if (!payout || payout.status !== 'in_transit') return;
      const outcome = await this.bank.outcome(payoutId);
      if (outcome === 'in_transit') {
        await this.jobs.send(SETTLE_QUEUE, { payoutId }, { startAfterSeconds: SETTLE_AFTER_SECONDS });
        return;
      }
      const now = this.clock.now();
      moveOn(payout, outcome, now);
      await this.payments.save(payout);
      if (outcome === 'failed') await this.payments.releaseTransactionsOf(payout.id, now);
      await this.events.record(outcome === 'paid' ? 'payout.paid' : 'payout.failed', payout.organisationId, payout);
    });
  }

  /** The built-in bank answers at once; a real one is asked a minute later. */
  private settleAfterSeconds(): number | undefined {
    return this.config.payoutBank === 'test' ? undefined : SETTLE_AFTER_SECONDS;
  }
}

/** A stable UUID-shaped job id for a name: the job engine drops a second job with the same id. */
function uuidOf(name: string): string {
  const hex = hash('sha256', name);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
