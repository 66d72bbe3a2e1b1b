import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module } from '@nestjs/common';
import { DomainEvents } from '@app/shared/domain';
import { OrganisationsModule } from '@app/organisations';
import { DeliverWebhook } from './application/deliver-webhook.js';
import { EventJobs } from './application/event-jobs.js';
import { EventQueries } from './application/event.queries.js';
import { ManageWebhookEndpoints } from './application/manage-webhook-endpoints.use-case.js';
import { SealWebhookSecrets } from './application/seal-webhook-secrets.js';
import { SendToEndpoint } from './application/send-to-endpoint.use-case.js';
import { WebhookDispatch } from './application/webhook-dispatch.js';
import { WebhookUrlCheck } from './application/webhook-url-check.js';
import { EventStore } from './domain/event-store.js';
import { WebhookDeliveryRepository, WebhookEndpointRepository } from './domain/webhook-endpoint.repository.js';
import { WebhookSecrets } from './domain/webhook-secrets.js';
import { WebhookSender } from './domain/webhook-sender.js';
import { SealedWebhookSecrets } from './infrastructure/crypto/sealed-webhook-secrets.js';
import { HttpWebhookSender } from './infrastructure/delivery/http-webhook-sender.js';
import { OutboxDomainEvents } from './infrastructure/outbox-domain-events.js';
import { EnabledEndpointsCache } from './infrastructure/persistence/enabled-endpoints-cache.js';
import { eventsSchemas } from './infrastructure/persistence/events.schemas.js';
import { MikroOrmWebhookEndpointRepository } from './infrastructure/persistence/mikro-orm-webhook-endpoint.repository.js';
import { SqlEventStore } from './infrastructure/persistence/sql-event-store.js';
import { SqlWebhookDeliveryRepository } from './infrastructure/persistence/sql-webhook-delivery.repository.js';
import { EventsController } from './http/events.controller.js';
import { renderWebhookEndpointEvents } from './http/event-renderers.js';
import { eventData } from '@app/shared';
import { WebhookEndpointsController } from './http/webhook-endpoints.controller.js';

/** The event log (the outbox), webhook endpoints and their deliveries. Global: every context records through `DomainEvents`. */
@Global()
@Module({
  imports: [MikroOrmModule.forFeature(eventsSchemas), OrganisationsModule],
  controllers: [EventsController, WebhookEndpointsController],
  providers: [
    { provide: DomainEvents, useClass: OutboxDomainEvents },
    { provide: EventStore, useClass: SqlEventStore },
    { provide: WebhookEndpointRepository, useClass: MikroOrmWebhookEndpointRepository },
    { provide: WebhookDeliveryRepository, useClass: SqlWebhookDeliveryRepository },
    { provide: WebhookSender, useClass: HttpWebhookSender },
    { provide: WebhookSecrets, useClass: SealedWebhookSecrets },
    EnabledEndpointsCache,
    WebhookDispatch,
    WebhookUrlCheck,
    DeliverWebhook,
    EventJobs,
    EventQueries,
    ManageWebhookEndpoints,
    SendToEndpoint,
    SealWebhookSecrets,
    eventData(renderWebhookEndpointEvents),
  ],
  exports: [DomainEvents, SealWebhookSecrets],
})
export class EventsModule {}
