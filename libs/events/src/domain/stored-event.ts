import { type EventBeside, type EventType, newPrefixedId } from '@app/shared/domain';

/** An event as the log keeps it and a webhook delivers it. */
export class StoredEvent {
  id: string;
  type: EventType;
  timestamp: Date;
  organisationId: string | null;
  data: object;
  /** What the change replaced (`booking.rescheduled` only); `null` on every other event. */
  previous: object | null;
}

export function newEvent(
  type: EventType,
  organisationId: string | null,
  data: object,
  now: Date,
  beside?: EventBeside,
): StoredEvent {
  return {
    id: newPrefixedId('evt', now),
    type,
    timestamp: now,
    organisationId,
    data,
    previous: beside?.previous ?? null,
  };
}

/** The JSON a webhook POSTs, and the log answers. */
export const eventBody = (event: StoredEvent) => ({
  id: event.id,
  type: event.type,
  timestamp: event.timestamp.toISOString(),
  organisationId: event.organisationId,
  data: event.data,
  ...(event.previous ? { previous: event.previous } : {}),
});
