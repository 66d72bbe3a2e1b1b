import type { JobOptions, JobRequest } from '@app/shared/domain';

/** A statement of the caller's that a job engine writes in its own statement: one `insert … ` (no `with` of its own), `$1`… its `values`. */
export interface LeadingWrite {
  sql: string;
  values: readonly unknown[];
}

export interface QueueOptions {
  /** A job whose handler has not finished after this long is taken as lost (its worker died) and run again. */
  expireInSeconds: number;
  /** How many times a job whose handler threw, or whose worker died, is run again. */
  retryLimit: number;
  /** Seconds before a retry; with `retryBackoff`, before the first one, each next waiting about twice as long. Unset: at once. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** Jobs of this queue one instance runs at once, each on its own: a slow one holds only its own place. */
  concurrency?: number;
  /**
   * Jobs of one `group` that run at once, across every instance: a group with a backlog of slow jobs
   * leaves the other places to the other groups' jobs, which are run in the order they were sent.
   */
  concurrencyPerGroup?: number;
}

/** Which run of a job this is, for a handler that does something different on its last chance. */
export interface JobAttempt {
  /** 0 on the first run, 1 on the first retry, and so on. */
  retryCount: number;
  /** No retry follows if this run fails. */
  last: boolean;
}

/**
 * The job engine: jobs live in PostgreSQL, so any number of instances share them and each job runs
 * on one of them. A job is sent, run by the handler of its queue, retried when the handler throws or
 * its worker dies; scheduled jobs are sent once per occurrence across all instances.
 */
export abstract class Jobs {
  /**
   * Queues a job. While a database transaction runs in this async context the job is written in it,
   * so it is queued exactly when the transaction commits, and never when it rolls back.
   */
  abstract send(queue: string, data: object, options?: JobOptions): Promise<void>;
  /**
   * Runs `write` and queues `jobs` in the running transaction (refused outside one), in one
   * statement when the jobs are all of one queue (an event's row and the jobs it asks for), and one
   * more per other queue: a round trip to the database each is what a write waits on.
   */
  abstract sendWith(write: LeadingWrite, jobs: readonly JobRequest[]): Promise<void>;
  /** Creates the queue if needed and runs `handler` for its jobs on this instance. */
  abstract work<T extends object>(
    queue: string,
    options: QueueOptions,
    handler: (data: T, attempt: JobAttempt) => Promise<void>,
  ): Promise<void>;
  /** Sends an empty job to `queue` at each occurrence of `cron` in `timeZone`. */
  abstract schedule(queue: string, cron: string, timeZone: string): Promise<void>;
  abstract start(): Promise<void>;
  /** Graceful: waits for running handlers to finish. Not graceful: walks away, as a crashed instance would. */
  abstract stop(options: { graceful: boolean }): Promise<void>;
}
