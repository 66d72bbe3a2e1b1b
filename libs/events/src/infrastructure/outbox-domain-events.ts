import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents, type EventBeside, EventReactions, EventRenderers, type EventType } from '@app/shared/domain';
import { EventStore } from '../domain/event-store.js';
import { newEvent } from '../domain/stored-event.js';
import { WebhookEndpointRepository } from '../domain/webhook-endpoint.repository.js';
import { WebhookDispatch } from '../application/webhook-dispatch.js';

/**
 * The transactional outbox: an event row, a delivery job per subscribed endpoint and what the
 * contexts above react with (notifications' jobs), written in the transaction of the change, so all
 * exist exactly when the change commits.
 */
@Injectable()
export class OutboxDomainEvents extends DomainEvents {
  constructor(
    private readonly em: EntityManager,
    private readonly events: EventStore,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly dispatch: WebhookDispatch,
    private readonly renderers: EventRenderers,
    private readonly reactions: EventReactions,
    private readonly clock: Clock,
  ) {
    super();
  }

  transaction<T>(change: () => Promise<T>): Promise<T> {
    return this.em.transactional(() => change());
  }

  /** Rendered here, inside the transaction, so `data` is what the resource's GET answers once the change commits. */
  async record(type: EventType, organisationId: string | null, resource: object, beside?: EventBeside): Promise<void> {
    const event = newEvent(type, organisationId, this.renderers.render(type, resource), this.clock.now(), beside);
    await this.events.append(event);
    await this.reactions.react({ id: event.id, type, organisationId, resource });
    if (organisationId === null) return;
    for (const endpoint of await this.endpoints.enabledOf(organisationId)) {
      if (endpoint.receives(type)) await this.dispatch.queue(organisationId, { eventId: event.id, endpointId: endpoint.id, attempt: 1, scheduled: true });
    }
  }
}
