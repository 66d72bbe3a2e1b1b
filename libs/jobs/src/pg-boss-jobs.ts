import { EntityManager, RequestContext } from '@mikro-orm/postgresql';
import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { type JobInsert, PgBoss } from 'pg-boss';
import { AppConfig, DirectDatabaseUrl, type SqlConnection, transactionConnection } from '@app/shared';
import type { JobOptions, JobRequest } from '@app/shared/domain';
import { type JobAttempt, Jobs, type LeadingWrite, type QueueOptions } from './jobs.js';

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

  async send(queue: string, data: object, options: JobOptions = {}): Promise<void> {
    await this.boss.send(queue, data, {
      id: options.id,
      startAfter: options.startAfterSeconds,
      ...(options.group !== undefined && { group: { id: options.group } }),
      db: transactionConnection(this.em),
    });
  }

  /**
   * pg-boss writes each queue's jobs in one statement of its own making (`insert`, with the
   * queue's defaults and the wake-up of its workers); `write` goes in front of the first as a
   * `with` query, so that an event's row and its jobs cost one round trip.
   */
  async sendWith(write: LeadingWrite, jobs: readonly JobRequest[]): Promise<void> {
    const connection = transactionConnection(this.em);
    if (!connection) throw new Error('Jobs are sent with a write inside the transaction of that write.');
    let leading: LeadingWrite | undefined = write;
    for (const [queue, queued] of Map.groupBy(jobs, (job) => job.queue)) {
      await this.boss.insert(
        queue,
        queued.map(({ data, options }) => insertedJob(data, options ?? {})),
        { db: withLeading(connection, leading) },
      );
      leading = undefined;
    }
    if (leading) await connection.executeSql(leading.sql, leading.values);
  }

  async work<T extends object>(
    queue: string,
    options: QueueOptions,
    handler: (data: T, attempt: JobAttempt) => Promise<void>,
  ): Promise<void> {
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

/** A job as pg-boss's `insert` takes it, sent as `send` sends it: a delay in whole seconds counts from the database's clock. */
function insertedJob(data: object, options: JobOptions): JobInsert {
  return {
    id: options.id,
    data,
    startAfter:
      options.startAfterSeconds && options.startAfterSeconds > 0 ? String(options.startAfterSeconds) : undefined,
    ...(options.group !== undefined && { group: { id: options.group } }),
  };
}

/**
 * The transaction's connection, with `leading` (when given) run in front of the one statement pg-boss
 * sends on it: `with written as (<leading>) <pg-boss's statement>`, pg-boss's `$1` renumbered after
 * `leading`'s parameters. A data-modifying `with` query runs once whether or not the rest reads it.
 */
function withLeading(connection: SqlConnection, leading: LeadingWrite | undefined): SqlConnection {
  if (!leading) return connection;
  return {
    executeSql(text, values = []) {
      const combined = withLeadingWrite(leading, text, values);
      return connection.executeSql(combined.text, combined.values);
    },
  };
}

/** pg-boss's statement `text` with `leading` in front, as `sendWith` sends it. The bench baselines send theirs from this. */
export function withLeadingWrite(
  leading: LeadingWrite,
  text: string,
  values: readonly unknown[],
): { text: string; values: unknown[] } {
  const placeholders = new Set(text.match(/\$\d+/g));
  if (placeholders.size !== 1 || !placeholders.has('$1') || values.length !== 1) {
    throw new Error(`pg-boss sent a statement with other parameters than $1: ${text.slice(0, 200)}`);
  }
  const body = text.trimStart().replace(/\$1(?!\d)/g, `$${leading.values.length + 1}`);
  const combined = /^with\s/i.test(body)
    ? `with written as (${leading.sql}), ${body.replace(/^with\s+/i, '')}`
    : `with written as (${leading.sql}) ${body}`;
  return { text: combined, values: [...leading.values, ...values] };
}
