import { Injectable } from '@nestjs/common';
import { jobIdOf, Jobs } from '@app/jobs';

export const DELIVER_QUEUE = 'webhooks.deliver';

export interface DeliveryJob {
  eventId: string;
  endpointId: string;
  attempt: number;
  /** False for a retry asked for by hand: its failure schedules nothing more. */
  scheduled: boolean;
}

/**
 * Queues delivery attempts on the job engine (in the running transaction, when there is one), each
 * in its organisation's group: one organisation's backlog takes only its share of the workers.
 */
@Injectable()
export class WebhookDispatch {
  constructor(private readonly jobs: Jobs) {}

  async queue(organisationId: string, job: DeliveryJob, afterSeconds?: number): Promise<void> {
    // One job per attempt of one event to one endpoint: a sender run twice queues it once.
    const id = jobIdOf(job.eventId, job.endpointId, String(job.attempt));
    await this.jobs.send(DELIVER_QUEUE, job, { id, startAfterSeconds: afterSeconds, group: organisationId });
  }
}
