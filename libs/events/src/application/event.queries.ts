import { Injectable } from '@nestjs/common';
import type { Page, PageRequest } from '@app/shared/domain';
import { eventNotFound } from '../domain/events.errors.js';
import { typesSelected } from '../domain/event-selection.js';
import { EventStore } from '../domain/event-store.js';
import type { StoredEvent } from '../domain/stored-event.js';

export interface EventListFilters {
  types?: string[];
  createdAtMin?: Date;
  createdAtMax?: Date;
}

@Injectable()
export class EventQueries {
  constructor(private readonly events: EventStore) {}

  /** `organisationId` is the caller's scope: null for a platform key. */
  list(organisationId: string | null, filters: EventListFilters, page: PageRequest): Promise<Page<StoredEvent>> {
    return this.events.list({ organisationId, ...filters, types: filters.types && typesSelected(filters.types) }, page);
  }

  async get(organisationId: string | null, id: string): Promise<StoredEvent> {
    const event = await this.events.find(id, organisationId);
    if (!event) throw eventNotFound(id);
    return event;
  }
}
