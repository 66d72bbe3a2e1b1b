import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import type { Page, PageRequest } from '@app/shared/domain';
import { WebhookDelivery } from '../../domain/webhook-delivery.js';
import { WebhookDeliveryRepository } from '../../domain/webhook-endpoint.repository.js';

const DELIVERIES = ReadModel.of(WebhookDelivery, 'd');

@Injectable()
export class SqlWebhookDeliveryRepository extends WebhookDeliveryRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly sql: SqlReader,
  ) {
    super();
  }

  /** A worker that ran one attempt twice (it died after recording) keeps the first record. */
  async add(d: WebhookDelivery): Promise<void> {
    await this.em.execute(
      `insert into webhook_deliveries (id, endpoint_id, organisation_id, event_id, event_type, attempt, status, response_status, duration_ms, error, response_body, created_at, next_attempt_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (endpoint_id, event_id, attempt) do nothing`,
      [
        d.id,
        d.endpointId,
        d.organisationId,
        d.eventId,
        d.eventType,
        d.attempt,
        d.status,
        d.responseStatus,
        d.durationMs,
        d.error,
        d.responseBody,
        d.createdAt,
        d.nextAttemptAt,
      ],
    );
  }

  async find(endpointId: string, id: string): Promise<WebhookDelivery | null> {
    return this.sql.first(DELIVERIES, 'where d.endpoint_id = $1 and d.id = $2', [endpointId, id]);
  }

  async list(endpointId: string, page: PageRequest): Promise<Page<WebhookDelivery>> {
    const params = new SqlParams(endpointId);
    const window = listWindow('d', page, 'd.created_at desc, d.id desc', params, 'created_at');
    return this.sql.page(DELIVERIES, `where d.endpoint_id = $1${window.condition}`, window.orderBy, params, page);
  }

  async lastAttempt(endpointId: string, eventId: string): Promise<number> {
    const last = await this.sql.first(
      DELIVERIES,
      'where d.endpoint_id = $1 and d.event_id = $2 order by d.attempt desc limit 1',
      [endpointId, eventId],
    );
    return last?.attempt ?? 0;
  }
}
