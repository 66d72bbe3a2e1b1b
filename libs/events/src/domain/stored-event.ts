import { type EventType, newPrefixedId } from '@app/shared/domain';

/** An event as the log keeps it and a webhook delivers it. */
export class StoredEvent {
  id: string;
  type: EventType;
  timestamp: Date;
  organisationId: string | null;
  data: object;
}

export function newEvent(type: EventType, organisationId: string | null, data: object, now: Date): StoredEvent {
  return { id: newPrefixedId('evt', now), type, timestamp: now, organisationId, data };
}

/** The JSON a webhook POSTs, and the log answers. */
export const eventBody = (event: StoredEvent) => ({
  id: event.id,
  type: event.type,
  timestamp: event.timestamp.toISOString(),
  organisationId: event.organisationId,
  data: event.data,
});
