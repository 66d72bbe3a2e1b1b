import { newUuid } from '@app/shared/domain';
import type { DeliveryFailure } from './webhook-sender.js';

/** `retrying`: failed, another attempt at `nextAttemptAt`; `failed`: failed, no attempt left. */
export type DeliveryStatus = 'succeeded' | 'retrying' | 'failed';

/** One attempt to deliver one event to one endpoint. */
export class WebhookDelivery {
  id: string;
  endpointId: string;
  organisationId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  status: DeliveryStatus;
  responseStatus: number | null;
  durationMs: number;
  /** Why the attempt failed; null when it succeeded. The words of what failed are in the service's log only. */
  error: DeliveryFailure | null;
  /** At most 1 kB of what the receiver answered. */
  responseBody: string | null;
  createdAt: Date;
  nextAttemptAt: Date | null;
}

export const newDeliveryId = newUuid;
