import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents, EventRenderers } from '@app/shared/domain';
import { deliveryNotFound, endpointNotFound } from '../domain/events.errors.js';
import { EventStore } from '../domain/event-store.js';
import { newEvent } from '../domain/stored-event.js';
import { WebhookDeliveryRepository, WebhookEndpointRepository } from '../domain/webhook-endpoint.repository.js';
import { WebhookDispatch } from './webhook-dispatch.js';

/** Deliveries asked for by hand: a test event, or one more attempt of a delivery. */
@Injectable()
export class SendToEndpoint {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly events: EventStore,
    private readonly dispatch: WebhookDispatch,
    private readonly domainEvents: DomainEvents,
    private readonly renderers: EventRenderers,
    private readonly clock: Clock,
  ) {}

  /** A `webhook_endpoint.test` event, in the log and sent to this endpoint alone, whatever it subscribes to. */
  async test(organisationId: string, endpointId: string): Promise<string> {
    const endpoint = await this.endpoints.find(organisationId, endpointId);
    if (!endpoint) throw endpointNotFound(endpointId);
    const event = newEvent(
      'webhook_endpoint.test',
      organisationId,
      this.renderers.render('webhook_endpoint.test', endpoint),
      this.clock.now(),
    );
    await this.domainEvents.transaction(() =>
      this.events.append(
        [event],
        [this.dispatch.deliveryJob(organisationId, { eventId: event.id, endpointId, attempt: 1, scheduled: false })],
      ),
    );
    return event.id;
  }

  /** One more attempt of the delivery's event, now; its failure schedules no further retries. */
  async retry(
    organisationId: string,
    endpointId: string,
    deliveryId: string,
  ): Promise<{ eventId: string; attempt: number }> {
    const endpoint = await this.endpoints.find(organisationId, endpointId);
    if (!endpoint) throw endpointNotFound(endpointId);
    const delivery = await this.deliveries.find(endpointId, deliveryId);
    if (!delivery) throw deliveryNotFound(deliveryId);
    const attempt = (await this.deliveries.lastAttempt(endpointId, delivery.eventId)) + 1;
    await this.dispatch.queue(organisationId, { eventId: delivery.eventId, endpointId, attempt, scheduled: false });
    return { eventId: delivery.eventId, attempt };
  }
}
