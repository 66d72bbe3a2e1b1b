import { EntityManager, TransactionPropagation } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  Clock,
  DomainEvents,
  type EventBeside,
  EventReactions,
  EventRenderers,
  type EventToRecord,
  type EventType,
  type JobRequest,
} from '@app/shared/domain';
import { EventStore } from '../domain/event-store.js';
import { newEvent } from '../domain/stored-event.js';
import { WebhookEndpointRepository } from '../domain/webhook-endpoint.repository.js';
import { WebhookDispatch } from '../application/webhook-dispatch.js';

/**
 * The transactional outbox: an event row, a delivery job per subscribed endpoint and what the
 * contexts above react with (notifications' jobs), written in the transaction of the change, so all
 * exist exactly when the change commits, and in as few statements as the job engine allows.
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

  /** Inside a running transaction (a booking page's client and booking, written together), joins it: no savepoint to pay for. */
  transaction<T>(change: () => Promise<T>): Promise<T> {
    return this.em.transactional(() => change(), { propagation: TransactionPropagation.REQUIRED });
  }

  /** Rendered here, inside the transaction, so `data` is what the resource's GET answers once the change commits. */
  record(type: EventType, organisationId: string | null, resource: object, beside?: EventBeside): Promise<void> {
    return this.recordAll([{ type, organisationId, resource, beside }]);
  }

  /**
   * The event rows, in order, and the jobs they ask for (each subscribed endpoint's delivery, the
   * reactions') written together: one statement when the jobs are of one queue.
   */
  override async recordAll(toRecord: readonly EventToRecord[]): Promise<void> {
    const events = toRecord.map(({ type, organisationId, resource, beside }) =>
      newEvent(type, organisationId, this.renderers.render(type, resource), this.clock.now(), beside),
    );
    const jobs: JobRequest[] = [];
    for (const [index, event] of events.entries()) {
      const { type, organisationId } = event;
      jobs.push(...this.reactions.jobsFor({ id: event.id, type, organisationId, resource: toRecord[index].resource }));
      if (organisationId === null) continue;
      for (const endpoint of await this.endpoints.enabledOf(organisationId)) {
        if (endpoint.receives(type))
          jobs.push(
            this.dispatch.deliveryJob(organisationId, {
              eventId: event.id,
              endpointId: endpoint.id,
              attempt: 1,
              scheduled: true,
            }),
          );
      }
    }
    await this.events.append(events, jobs);
  }
}
