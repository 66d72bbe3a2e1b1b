import { Injectable } from '@nestjs/common';
import { SqlReader } from '@app/shared';
import { offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import type { WebhookDelivery } from '../../domain/webhook-delivery.js';
import { WebhookDeliveryRepository } from '../../domain/webhook-endpoint.repository.js';

const COLUMNS = `id, endpoint_id as "endpointId", organisation_id as "organisationId", event_id as "eventId", event_type as "eventType",
  attempt, status, response_status as "responseStatus", duration_ms as "durationMs", error, response_body as "responseBody",
  created_at as "createdAt", next_attempt_at as "nextAttemptAt"`;

type Row = Omit<WebhookDelivery, 'createdAt' | 'nextAttemptAt'> & { createdAt: Date | string; nextAttemptAt: Date | string | null };

const toDelivery = (row: Row): WebhookDelivery => ({
  ...row,
  createdAt: new Date(row.createdAt),
  nextAttemptAt: row.nextAttemptAt === null ? null : new Date(row.nextAttemptAt),
});

@Injectable()
export class SqlWebhookDeliveryRepository extends WebhookDeliveryRepository {
  constructor(private readonly sql: SqlReader) {
    super();
  }

  /** A worker that ran one attempt twice (it died after recording) keeps the first record. */
  async add(d: WebhookDelivery): Promise<void> {
    await this.sql.rows(
      `insert into webhook_deliveries (id, endpoint_id, organisation_id, event_id, event_type, attempt, status, response_status, duration_ms, error, response_body, created_at, next_attempt_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) on conflict (endpoint_id, event_id, attempt) do nothing`,
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
    const [row] = await this.sql.rows<Row>(`select ${COLUMNS} from webhook_deliveries where endpoint_id = $1 and id = $2`, [endpointId, id]);
    return row ? toDelivery(row) : null;
  }

  async list(endpointId: string, page: PageRequest): Promise<Page<WebhookDelivery>> {
    const [rows, [{ count }]] = await Promise.all([
      this.sql.rows<Row>(`select ${COLUMNS} from webhook_deliveries where endpoint_id = $1 order by created_at desc, id desc limit $2 offset $3`, [
        endpointId,
        page.limit,
        offsetOf(page),
      ]),
      this.sql.rows<{ count: number }>('select count(*)::int as count from webhook_deliveries where endpoint_id = $1', [endpointId]),
    ]);
    return pageOf(rows.map(toDelivery), count, page);
  }

  async lastAttempt(endpointId: string, eventId: string): Promise<number> {
    const [{ attempt }] = await this.sql.rows<{ attempt: number }>(
      'select coalesce(max(attempt), 0)::int as attempt from webhook_deliveries where endpoint_id = $1 and event_id = $2',
      [endpointId, eventId],
    );
    return attempt;
  }
}
