import { describe, expect, it } from '@jest/globals';
import { Jobs } from '@app/jobs';
import { EventRenderers, type JobOptions, type JobRequest, RecordedEvents } from '@app/shared/domain';
import { FixedClock } from '../../../../test/support/orm.js';
import { type EventFilters, EventStore } from '../domain/event-store.js';
import type { StoredEvent } from '../domain/stored-event.js';
import type { WebhookDelivery } from '../domain/webhook-delivery.js';
import { WebhookDeliveryRepository } from '../domain/webhook-endpoint.repository.js';
import { WebhookEndpoint } from '../domain/webhook-endpoint.js';
import { renderWebhookEndpointEvents } from '../http/event-renderers.js';
import { SendToEndpoint } from './send-to-endpoint.use-case.js';
import { InMemoryEndpoints } from './testing/in-memory-endpoints.js';
import { DELIVER_QUEUE, WebhookDispatch } from './webhook-dispatch.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');
const ORGANISATION = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';
const OTHER_ORGANISATION = 'org_4rXmWs5Mz1oIfD3cYhG9jVbTe2N';
const EVENT = 'evt_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';

/** The log as far as appending goes: keeps the events, and sends the jobs that go with them as the log's statement queues them. */
class AppendedEvents extends EventStore {
  readonly appended: StoredEvent[] = [];

  constructor(private readonly jobs: SentJobs) {
    super();
  }

  async append(events: readonly StoredEvent[], jobs: readonly JobRequest[] = []): Promise<void> {
    this.appended.push(...events);
    this.jobs.sent.push(...jobs);
  }

  async find(id: string): Promise<StoredEvent | null> {
    return this.appended.find((event) => event.id === id) ?? null;
  }

  list(filters: EventFilters): never {
    throw new Error(`SendToEndpoint lists no events (asked for ${JSON.stringify(filters)})`);
  }

  purgeBefore(cutoff: Date): never {
    throw new Error(`SendToEndpoint purges no events (asked before ${cutoff.toISOString()})`);
  }
}

class InMemoryDeliveries extends WebhookDeliveryRepository {
  constructor(readonly deliveries: WebhookDelivery[]) {
    super();
  }

  async add(delivery: WebhookDelivery): Promise<void> {
    this.deliveries.push(delivery);
  }

  async find(endpointId: string, id: string): Promise<WebhookDelivery | null> {
    return this.deliveries.find((delivery) => delivery.endpointId === endpointId && delivery.id === id) ?? null;
  }

  async list(): Promise<never> {
    throw new Error('SendToEndpoint lists no deliveries');
  }

  async lastAttempt(endpointId: string, eventId: string): Promise<number> {
    return Math.max(
      0,
      ...this.deliveries
        .filter((delivery) => delivery.endpointId === endpointId && delivery.eventId === eventId)
        .map((delivery) => delivery.attempt),
    );
  }
}

/** The job engine as far as queueing goes: keeps what was sent. */
class SentJobs extends Jobs {
  readonly sent: { queue: string; data: object; options?: JobOptions }[] = [];

  async send(queue: string, data: object, options?: JobOptions): Promise<void> {
    this.sent.push({ queue, data, options });
  }

  async sendWith(_write: unknown, jobs: readonly JobRequest[]): Promise<void> {
    this.sent.push(...jobs);
  }

  work(queue: string): never {
    throw new Error(`SendToEndpoint runs no jobs (asked for ${queue})`);
  }

  schedule(queue: string): never {
    throw new Error(`SendToEndpoint schedules no jobs (asked for ${queue})`);
  }

  start(): never {
    throw new Error('SendToEndpoint starts no job engine');
  }

  stop(): never {
    throw new Error('SendToEndpoint stops no job engine');
  }
}

function delivery(endpointId: string, attempt: number): WebhookDelivery {
  return {
    id: `0193a6fd-d647-7319-84fb-7f8091a2b3c${attempt}`,
    endpointId,
    organisationId: ORGANISATION,
    eventId: EVENT,
    eventType: 'booking.created',
    attempt,
    status: 'failed',
    responseStatus: 500,
    durationMs: 12,
    error: null,
    responseBody: null,
    createdAt: NOW,
    nextAttemptAt: null,
  };
}

function setUp() {
  const endpoints = new InMemoryEndpoints();
  const endpoint = WebhookEndpoint.create(
    ORGANISATION,
    { url: 'https://8.8.8.8/hooks', enabledEvents: ['booking.*'] },
    'sealed(whsec_test)',
    NOW,
  );
  endpoints.stored.set(endpoint.id, endpoint);
  const deliveries = new InMemoryDeliveries([delivery(endpoint.id, 1), delivery(endpoint.id, 2)]);
  const jobs = new SentJobs();
  const eventLog = new AppendedEvents(jobs);
  const domainEvents = new RecordedEvents();
  const renderers = new EventRenderers();
  renderWebhookEndpointEvents(renderers);
  const send = new SendToEndpoint(
    endpoints,
    deliveries,
    eventLog,
    new WebhookDispatch(jobs),
    domainEvents,
    renderers,
    new FixedClock(NOW),
  );
  return { endpoint, deliveries, eventLog, jobs, domainEvents, send };
}

describe('SendToEndpoint', () => {
  it('logs a webhook_endpoint.test event carrying the endpoint, and queues its first attempt to this endpoint alone', async () => {
    const { endpoint, eventLog, jobs, domainEvents, send } = setUp();
    const eventId = await send.test(ORGANISATION, endpoint.id);
    expect(eventLog.appended).toEqual([
      {
        id: eventId,
        type: 'webhook_endpoint.test',
        timestamp: NOW,
        organisationId: ORGANISATION,
        data: {
          id: endpoint.id,
          organisationId: ORGANISATION,
          url: 'https://8.8.8.8/hooks',
          description: null,
          enabledEvents: ['booking.*'],
          status: 'enabled',
          createdAt: NOW.toISOString(),
          updatedAt: NOW.toISOString(),
        },
        previous: null,
      },
    ]);
    expect(JSON.stringify(eventLog.appended)).not.toContain('whsec_test');
    expect(jobs.sent).toEqual([
      {
        queue: DELIVER_QUEUE,
        data: { eventId, endpointId: endpoint.id, attempt: 1, scheduled: false },
        options: expect.objectContaining({ id: expect.any(String) }),
      },
    ]);
    // Through DomainEvents it would go to every endpoint that subscribes; a test goes to one.
    expect(domainEvents.recorded).toEqual([]);
  });

  it("answers not_found for another organisation's endpoint, logging and queueing nothing", async () => {
    const { endpoint, eventLog, jobs, send } = setUp();
    await expect(send.test(OTHER_ORGANISATION, endpoint.id)).rejects.toMatchObject({
      kind: 'not_found',
      code: 'not_found',
    });
    expect(eventLog.appended).toEqual([]);
    expect(jobs.sent).toEqual([]);
  });

  it('queues one more attempt of a delivery, numbered after the last, that schedules no retries', async () => {
    const { endpoint, deliveries, jobs, send } = setUp();
    const answer = await send.retry(ORGANISATION, endpoint.id, deliveries.deliveries[0]?.id ?? '');
    expect(answer).toEqual({ eventId: EVENT, attempt: 3 });
    expect(jobs.sent).toEqual([
      {
        queue: DELIVER_QUEUE,
        data: { eventId: EVENT, endpointId: endpoint.id, attempt: 3, scheduled: false },
        options: expect.anything(),
      },
    ]);
  });

  it('answers not_found for a delivery of another endpoint, or an endpoint of another organisation, queueing nothing', async () => {
    const { endpoint, deliveries, jobs, send } = setUp();
    const other = WebhookEndpoint.create(
      ORGANISATION,
      { url: 'https://1.1.1.1/hooks', enabledEvents: ['*'] },
      'sealed(whsec_other)',
      NOW,
    );
    const deliveryId = deliveries.deliveries[0]?.id ?? '';
    await expect(send.retry(ORGANISATION, other.id, deliveryId)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(send.retry(OTHER_ORGANISATION, endpoint.id, deliveryId)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(send.retry(ORGANISATION, endpoint.id, '0193a6fd-d647-7319-84fb-000000000000')).rejects.toMatchObject({
      kind: 'not_found',
      message: expect.stringContaining('Webhook delivery'),
    });
    expect(jobs.sent).toEqual([]);
  });
});
