import { Injectable, Logger } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { AppConfig } from '@app/shared';
import { Clock, DomainEvents } from '@app/shared/domain';
import { EventStore } from '../domain/event-store.js';
import { retryDelayAfter } from '../domain/retry-schedule.js';
import { eventBody, type StoredEvent } from '../domain/stored-event.js';
import { type DeliveryStatus, newDeliveryId } from '../domain/webhook-delivery.js';
import type { WebhookEndpoint } from '../domain/webhook-endpoint.js';
import { WebhookDeliveryRepository, WebhookEndpointRepository } from '../domain/webhook-endpoint.repository.js';
import { WebhookSecrets } from '../domain/webhook-secrets.js';
import { WebhookSender } from '../domain/webhook-sender.js';
import { type DeliveryJob, WebhookDispatch } from './webhook-dispatch.js';

/**
 * One delivery attempt: POST the event signed per Standard Webhooks, record the attempt, and on
 * failure queue the next one on the retry schedule, in one transaction. A worker that dies before
 * it records leaves its job to the engine, which runs it again: delivery is at least once.
 */
@Injectable()
export class DeliverWebhook {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly events: EventStore,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly sender: WebhookSender,
    private readonly secrets: WebhookSecrets,
    private readonly dispatch: WebhookDispatch,
    private readonly domainEvents: DomainEvents,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute(job: DeliveryJob): Promise<void> {
    const target = await this.endpoints.findById(job.endpointId);
    if (!target) return;
    const event = await this.events.find(job.eventId, target.organisationId);
    if (!event) return;
    if (target.status !== 'enabled' && job.scheduled) return;

    const outcome = await this.post(target, event);
    const succeeded = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const failure = succeeded ? null : (outcome.failure ?? 'http_status');
    if (failure) {
      const detail = outcome.detail ?? `answered ${outcome.status}`;
      this.logger.warn(
        {
          organisationId: target.organisationId,
          endpointId: target.id,
          eventId: event.id,
          attempt: job.attempt,
          failure,
          detail,
        },
        'Webhook delivery failed',
      );
    }
    const delay = succeeded || !job.scheduled ? null : retryDelayAfter(this.config.webhookRetrySchedule, job.attempt);
    const now = this.clock.now();
    const status: DeliveryStatus = succeeded ? 'succeeded' : delay === null ? 'failed' : 'retrying';

    await this.domainEvents.transaction(async () => {
      await this.deliveries.add({
        id: newDeliveryId(),
        endpointId: target.id,
        organisationId: target.organisationId,
        eventId: event.id,
        eventType: event.type,
        attempt: job.attempt,
        status,
        responseStatus: outcome.status,
        durationMs: outcome.durationMs,
        error: failure,
        responseBody: outcome.body,
        createdAt: now,
        nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay * 1000),
      });
      if (delay !== null) await this.dispatch.queue(target.organisationId, { ...job, attempt: job.attempt + 1 }, delay);
      await this.recordHealth(target.organisationId, target.id, succeeded, now);
    });
  }

  private async post(endpoint: WebhookEndpoint, event: StoredEvent) {
    const body = JSON.stringify(eventBody(event));
    const sentAt = this.clock.now();
    const signatures = endpoint
      .sealedSigningSecrets(sentAt)
      .map((sealed) => new Webhook(this.secrets.open(sealed)).sign(event.id, sentAt, body));
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'healthcare-business-api-webhooks/1',
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signatures.join(' '),
    };
    return this.sender.post(endpoint.url, headers, body);
  }

  /**
   * Success clears the failing clock; three days of failures disable the endpoint, and say so. On
   * the endpoint's locked row, read afresh, but for a success while nothing is failing (the usual
   * delivery, which changes nothing): a change made meanwhile (a PATCH) is kept, and `updatedAt`
   * only moves forward.
   */
  private async recordHealth(organisationId: string, endpointId: string, succeeded: boolean, now: Date): Promise<void> {
    const seen = await this.endpoints.find(organisationId, endpointId);
    if (!seen || (succeeded && seen.failingSince === null)) return;
    const endpoint = await this.endpoints.lock(organisationId, endpointId);
    if (!endpoint) return;
    if (succeeded) {
      if (endpoint.failingSince === null) return;
      endpoint.recordSuccess();
    } else if (endpoint.recordFailure(now)) {
      this.logger.warn(`Webhook endpoint ${endpoint.id} disabled after three days of failed deliveries`);
      await this.domainEvents.record('webhook_endpoint.disabled', organisationId, endpoint);
    }
    await this.endpoints.save(endpoint);
  }
}
