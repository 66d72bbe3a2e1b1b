import { hash } from 'node:crypto';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Jobs } from '@app/jobs';
import { AppConfig } from '@app/shared';
import { Clock, DomainError, DomainEvents } from '@app/shared/domain';
import { DirectoryQueries } from '@app/organisations';
import { PayoutBank } from '../domain/payout-bank.js';
import { PaymentsRepository } from '../../ledger/domain/payments.repository.js';
import { type Payout, sent } from '../../ledger/domain/payout.js';
import { PayoutOutcome } from './payout-outcome.use-case.js';
import { RunPayout, TRANSFER_QUEUE } from './run-payout.use-case.js';

export const DAILY_QUEUE = 'payouts.daily';
export const RUN_QUEUE = 'payouts.run';
export const SETTLE_QUEUE = 'payouts.settle';

/**
 * Payouts on the job engine: once a day at PAYOUT_TIME (PAYOUT_TIME_ZONE) a run job per business
 * with money waiting; a transfer job per payout (pending → in_transit, or failed when the bank
 * refuses it outright); a settle job that asks the bank at once and then every
 * `PayoutBank.checkAgainAfterSeconds` (→ paid, or failed and its payment transactions back in the
 * queue for the next run), recorded by `PayoutOutcome`, which also takes what a bank reports itself
 * (Stripe's `payout.paid` and `payout.failed` webhooks, by its own id of the transfer). Each moves
 * the payout under its row lock: a job the engine runs again while the first run is still going
 * (past its expiry) waits, and finds the payout moved on.
 */
@Injectable()
export class PayoutJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: Jobs,
    private readonly run: RunPayout,
    private readonly payments: PaymentsRepository,
    private readonly bank: PayoutBank,
    private readonly directory: DirectoryQueries,
    private readonly events: DomainEvents,
    private readonly outcomes: PayoutOutcome,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work(DAILY_QUEUE, { expireInSeconds: 300, retryLimit: 3 }, () => this.queueRuns());
    await this.jobs.work<{ businessId: string }>(RUN_QUEUE, { expireInSeconds: 300, retryLimit: 5 }, (job) =>
      this.runFor(job.businessId),
    );
    await this.jobs.work<{ payoutId: string }>(TRANSFER_QUEUE, { expireInSeconds: 60, retryLimit: 10 }, (job) =>
      this.transfer(job.payoutId),
    );
    await this.jobs.work<{ payoutId: string }>(SETTLE_QUEUE, { expireInSeconds: 60, retryLimit: 10 }, (job) =>
      this.settle(job.payoutId),
    );
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
      const accountId = await this.accountOf(payout);
      const answer = await this.bank.send({
        payoutId: payout.id,
        businessId: payout.businessId,
        accountId,
        amount: payout.amount,
        arrivalDate: payout.arrivalDate,
      });
      if (answer.kind === 'refused') {
        await this.outcomes.record(payout, 'failed');
        return;
      }
      sent(payout, answer.bankPayoutId, accountId, this.clock.now());
      await this.payments.save(payout);
      await this.jobs.send(SETTLE_QUEUE, { payoutId });
    });
  }

  async settle(payoutId: string): Promise<void> {
    await this.events.transaction(async () => {
      const payout = await this.payments.lockPayout(payoutId);
      if (!payout || payout.status !== 'in_transit') return;
      const outcome = await this.bank.outcome({
        payoutId,
        // Where it was sent from: a business connected to another account since still has this one's payout.
        accountId: payout.accountId ?? (await this.accountOf(payout)),
        bankPayoutId: payout.bankPayoutId,
      });
      if (outcome === 'in_transit') {
        await this.jobs.send(SETTLE_QUEUE, { payoutId }, { startAfterSeconds: this.bank.checkAgainAfterSeconds });
        return;
      }
      await this.outcomes.record(payout, outcome);
    });
  }

  /** The business's account the bank pays from (its `merchantId`). */
  private async accountOf(payout: Payout): Promise<string | null> {
    return (await this.directory.businesses([payout.businessId])).get(payout.businessId)?.merchantId ?? null;
  }
}

/** A stable UUID-shaped job id for a name: the job engine drops a second job with the same id. */
function uuidOf(name: string): string {
  const hex = hash('sha256', name);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
