import { hash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Jobs } from '@app/jobs';

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
    await this.jobs.send(DELIVER_QUEUE, job, { id: jobIdOf(job), startAfterSeconds: afterSeconds, group: organisationId });
  }
}

/** One job per attempt of one event to one endpoint: a sender run twice queues it once. */
function jobIdOf({ eventId, endpointId, attempt }: DeliveryJob): string {
  const hex = hash('sha256', `${eventId}:${endpointId}:${attempt}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
