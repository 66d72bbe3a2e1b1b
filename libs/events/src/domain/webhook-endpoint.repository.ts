import type { Page, PageRequest } from '@app/shared/domain';
import type { WebhookDelivery } from './webhook-delivery.js';
import type { WebhookEndpoint } from './webhook-endpoint.js';

export abstract class WebhookEndpointRepository {
  /**
   * Adds the endpoint unless its organisation already has `limit` of them; answers whether it did.
   * Of two adds at once, only one can take an organisation's last place.
   */
  abstract add(endpoint: WebhookEndpoint, limit: number): Promise<boolean>;
  /** Within the organisation; null when it has no such endpoint. */
  abstract find(organisationId: string, id: string): Promise<WebhookEndpoint | null>;
  /** As `find`, its row locked until the caller's transaction ends: changes of one endpoint go one after another. */
  abstract lock(organisationId: string, id: string): Promise<WebhookEndpoint | null>;
  /** Whichever organisation holds it: for delivery jobs, which carry only the id. */
  abstract findById(id: string): Promise<WebhookEndpoint | null>;
  abstract save(endpoint: WebhookEndpoint): Promise<void>;
  /** Deletes the endpoint and its deliveries. */
  abstract remove(endpoint: WebhookEndpoint): Promise<void>;
  /** Newest first; in sync mode (`updatedSince`) those changed since, `updatedAt, id` ascending. */
  abstract list(organisationId: string, page: PageRequest): Promise<Page<WebhookEndpoint>>;
  /** The organisation's enabled endpoints (the caller picks those that take a type). */
  abstract enabledOf(organisationId: string): Promise<readonly WebhookEndpoint[]>;
}

export abstract class WebhookDeliveryRepository {
  abstract add(delivery: WebhookDelivery): Promise<void>;
  abstract find(endpointId: string, id: string): Promise<WebhookDelivery | null>;
  /**
   * Newest first. An attempt never changes once recorded (the next attempt is a delivery of its
   * own), so sync mode (`updatedSince`) lists those made since, `createdAt, id` ascending.
   */
  abstract list(endpointId: string, page: PageRequest): Promise<Page<WebhookDelivery>>;
  /** The highest attempt number so far of one event to one endpoint; 0 when none. */
  abstract lastAttempt(endpointId: string, eventId: string): Promise<number>;
}
