import { EntityManager, RequestContext } from '@mikro-orm/postgresql';
import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { PgBoss } from 'pg-boss';
import { AppConfig, DirectDatabaseUrl, transactionConnection } from '@app/shared';
import { Jobs, type QueueOptions, type SendOptions } from './jobs.js';

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
      db: transactionConnection(this.em),
    });
  }

  async work<T extends object>(queue: string, options: QueueOptions, handler: (data: T) => Promise<void>): Promise<void> {
    await this.ensureQueue(queue, options);
    if (!this.runsJobs) return;
    // NOTIFY wakes workers for jobs due now; polling finds delayed ones (retries) when they come due.
    // A batch of `concurrency` jobs runs at once, each settled on its own; a full batch fetches the next at once.
    const fetching = { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1, batchSize: options.concurrency ?? 1, burstWhenBatchFull: true };
    await this.boss.work<T>(queue, { ...fetching, perJobResults: true }, (jobs) =>
      Promise.all(
        jobs.map(async (job) => {
          try {
            // Each job its own unit of work, as each request has.
            await RequestContext.create(this.em, () => handler(job.data));
            return { id: job.id, status: 'completed' as const };
          } catch (error) {
            this.logger.warn(`Job ${queue} ${job.id} failed: ${error instanceof Error ? error.message : String(error)}`);
            return { id: job.id, status: 'failed' as const, output: { message: error instanceof Error ? error.message : String(error) } };
          }
        }),
      ),
    );
  }

  async schedule(queue: string, cron: string, timeZone: string): Promise<void> {
    await this.ensureQueue(queue, { expireInSeconds: 600, retryLimit: 2 });
    await this.boss.schedule(queue, cron, null, { tz: timeZone });
  }

  private async ensureQueue(queue: string, options: QueueOptions): Promise<void> {
    if (this.queues.has(queue)) return;
    await this.boss.createQueue(queue, { expireInSeconds: options.expireInSeconds, retryLimit: options.retryLimit, notify: true });
    this.queues.add(queue);
  }
}
