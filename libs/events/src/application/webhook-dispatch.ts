import { Injectable } from '@nestjs/common';
import { jobIdOf, Jobs } from '@app/jobs';
import type { JobRequest } from '@app/shared/domain';

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
    const { queue, data, options } = this.deliveryJob(organisationId, job, afterSeconds);
    await this.jobs.send(queue, data, options);
  }

  /** A delivery attempt as a job, for a caller that queues it with other writes (the outbox, with its event). */
  deliveryJob(organisationId: string, job: DeliveryJob, afterSeconds?: number): JobRequest {
    // One job per attempt of one event to one endpoint: a sender run twice queues it once.
    const id = jobIdOf(job.eventId, job.endpointId, String(job.attempt));
    return { queue: DELIVER_QUEUE, data: job, options: { id, startAfterSeconds: afterSeconds, group: organisationId } };
  }
}
