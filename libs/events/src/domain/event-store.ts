import type { EventType, JobRequest, Page, PageRequest } from '@app/shared/domain';
import type { StoredEvent } from './stored-event.js';

export interface EventFilters {
  /** The caller's organisation; null for a platform key, which sees every event. */
  organisationId: string | null;
  /** Any of these types; undefined for all. */
  types?: EventType[];
  createdAtMin?: Date;
  createdAtMax?: Date;
}

/** The event log, which is also the outbox: events are appended in the transaction of their change. */
export abstract class EventStore {
  /**
   * Appends in the running transaction (refuses outside one), in this order, with the jobs that go
   * with the events (their webhook deliveries, what contexts above react with): the rows in one
   * statement, the jobs with them when they are of one queue.
   */
  abstract append(events: readonly StoredEvent[], jobs?: readonly JobRequest[]): Promise<void>;
  abstract find(id: string, organisationId: string | null): Promise<StoredEvent | null>;
  /** Newest first; in sync mode (`updatedSince`) those that happened since, oldest first: an event never changes. */
  abstract list(filters: EventFilters, page: PageRequest): Promise<Page<StoredEvent>>;
  /** Deletes events (and their deliveries) created before `cutoff`; answers how many events. */
  abstract purgeBefore(cutoff: Date): Promise<number>;
}
