import { EntityManager, RequestContext } from '@mikro-orm/postgresql';
import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { PgBoss } from 'pg-boss';
import { AppConfig, DirectDatabaseUrl, transactionConnection } from '@app/shared';
import { type JobAttempt, Jobs, type QueueOptions, type SendOptions } from './jobs.js';

/**
 * Jobs on pg-boss, in its own schema of the service's database. Its pool holds a `LISTEN` session
 * and takes locks, so it connects past PgBouncer (`DirectDatabaseUrl`); a job sent inside a
 * request's transaction is written on that transaction's connection, whichever way it goes.
 */
@Injectable()
export class PgBossJobs extends Jobs implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly boss: PgBoss;
  private readonly queues = new Set<string>();
  private readonly runsJobs: boolean;

  constructor(
    config: AppConfig,
    database: DirectDatabaseUrl,
    private readonly em: EntityManager,
  ) {
    super();
    this.runsJobs = config.jobWorkers;
    this.boss = new PgBoss({
      connectionString: database.url,
      schema: config.jobsSchema,
      max: 4,
      application_name: 'jobs',
      useListenNotify: config.jobWorkers,
      // An instance that runs no jobs leaves expiring them and sending scheduled ones to those that do.
      supervise: config.jobWorkers,
      schedule: config.jobWorkers,
      superviseIntervalSeconds: config.jobsSuperviseIntervalSeconds,
      // Each pass sends what came due in the last minute (at most once per occurrence), so it must run well within a minute.
      cronMonitorIntervalSeconds: Math.min(config.jobsSuperviseIntervalSeconds, 30),
      monitorIntervalSeconds: config.jobsSuperviseIntervalSeconds,
    });
    this.boss.on('error', (error) => this.logger.error(error));
  }

  async onModuleInit(): Promise<void> {
    await this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop({ graceful: true });
  }

  async start(): Promise<void> {
    await this.boss.start();
  }

  async stop({ graceful }: { graceful: boolean }): Promise<void> {
    await this.boss.stop({ graceful, timeout: graceful ? 15_000 : 1_000 });
  }

  async send(queue: string, data: object, options: SendOptions = {}): Promise<void> {
    await this.boss.send(queue, data, {
      id: options.id,
      startAfter: options.startAfterSeconds,
      ...(options.group !== undefined && { group: { id: options.group } }),
      db: transactionConnection(this.em),
    });
  }

  async work<T extends object>(queue: string, options: QueueOptions, handler: (data: T, attempt: JobAttempt) => Promise<void>): Promise<void> {
    await this.ensureQueue(queue, options);
    if (!this.runsJobs) return;
    for (let place = 0; place < (options.concurrency ?? 1); place++) await this.workOneAtATime(queue, options, handler);
  }

  /**
   * A worker that fetches one job, runs it, settles it, and fetches the next: jobs run side by side
   * on several such workers, so a job that takes its whole timeout delays no other. pg-boss would
   * wait out its polling interval after a fetch of one job; waking the worker as its job ends makes
   * it fetch again at once while there is work, and only an empty fetch lets it wait. NOTIFY wakes
   * workers for jobs due now; polling finds delayed ones (retries) when they come due.
   */
  private async workOneAtATime<T extends object>(
    queue: string,
    options: QueueOptions,
    handler: (data: T, attempt: JobAttempt) => Promise<void>,
  ): Promise<void> {
    // Known once `work` answers, which is before the worker's first fetch can come back with a job.
    const worker: { id?: string } = {};
    const fetching = { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1, batchSize: 1 };
    const grouped = options.concurrencyPerGroup === undefined ? {} : { groupConcurrency: options.concurrencyPerGroup };
    worker.id = await this.boss.work<T>(queue, { ...fetching, ...grouped }, async ([job]) => {
      try {
        // Each job its own unit of work, as each request has.
        const attempt = { retryCount: job.retryCount, last: job.retryCount >= options.retryLimit };
        await RequestContext.create(this.em, () => handler(job.data, attempt));
      } catch (error) {
        this.logger.warn(`Job ${queue} ${job.id} failed: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      } finally {
        if (worker.id !== undefined) this.boss.notifyWorker(worker.id);
      }
    });
  }

  async schedule(queue: string, cron: string, timeZone: string): Promise<void> {
    await this.ensureQueue(queue, { expireInSeconds: 600, retryLimit: 2 });
    await this.boss.schedule(queue, cron, null, { tz: timeZone });
  }

  private async ensureQueue(queue: string, options: QueueOptions): Promise<void> {
    if (this.queues.has(queue)) return;
    await this.boss.createQueue(queue, {
      expireInSeconds: options.expireInSeconds,
      retryLimit: options.retryLimit,
      ...(options.retryDelaySeconds !== undefined && { retryDelay: options.retryDelaySeconds }),
      ...(options.retryBackoff !== undefined && { retryBackoff: options.retryBackoff }),
      notify: true,
    });
    this.queues.add(queue);
  }
}
