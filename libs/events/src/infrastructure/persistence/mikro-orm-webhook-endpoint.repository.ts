import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import type { Page, PageRequest } from '@app/shared/domain';
import { WebhookEndpoint } from '../../domain/webhook-endpoint.js';
import { WebhookEndpointRepository } from '../../domain/webhook-endpoint.repository.js';
import { EnabledEndpointsCache, WEBHOOK_ENDPOINT_CHANGES_CHANNEL } from './enabled-endpoints-cache.js';

const ENDPOINTS = ReadModel.of(WebhookEndpoint, 'w');

@Injectable()
export class MikroOrmWebhookEndpointRepository extends WebhookEndpointRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly sql: SqlReader,
    private readonly enabled: EnabledEndpointsCache,
  ) {
    super();
  }

  async add(endpoint: WebhookEndpoint, limit: number): Promise<boolean> {
    const added = await this.em.transactional(async (tx) => {
      // Two adds at once would each count the endpoints before the other's insert: they take turns.
      await tx.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [
        `webhook-endpoints:${endpoint.organisationId}`,
      ]);
      const [{ count }] = await tx.execute<{ count: number }[]>(
        'select count(*)::int as count from webhook_endpoints where organisation_id = ?',
        [endpoint.organisationId],
      );
      if (count >= limit) return false;
      await tx.persist(endpoint).flush();
      await announceChange(tx, endpoint);
      return true;
    });
    if (added) this.enabled.forget(endpoint.organisationId);
    return added;
  }

  find(organisationId: string, id: string): Promise<WebhookEndpoint | null> {
    return this.em.findOne(WebhookEndpoint, { id, organisationId });
  }

  lock(organisationId: string, id: string): Promise<WebhookEndpoint | null> {
    // `refresh`: what this unit of work read before the lock may be stale.
    return this.em.findOne(
      WebhookEndpoint,
      { id, organisationId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
  }

  findById(id: string): Promise<WebhookEndpoint | null> {
    return this.em.findOne(WebhookEndpoint, { id });
  }

  async save(endpoint: WebhookEndpoint): Promise<void> {
    await this.em.transactional(async (tx) => {
      await tx.persist(endpoint).flush();
      await announceChange(tx, endpoint);
    });
    this.enabled.forget(endpoint.organisationId);
  }

  async remove(endpoint: WebhookEndpoint): Promise<void> {
    await this.em.transactional(async (tx) => {
      await tx.execute('delete from webhook_deliveries where endpoint_id = ?', [endpoint.id]);
      await tx.remove(endpoint).flush();
      await announceChange(tx, endpoint);
    });
    this.enabled.forget(endpoint.organisationId);
  }

  async list(organisationId: string, page: PageRequest): Promise<Page<WebhookEndpoint>> {
    const params = new SqlParams(organisationId);
    const window = listWindow('w', page, 'w.created_at desc, w.id desc', params);
    return this.sql.page(ENDPOINTS, `where w.organisation_id = $1${window.condition}`, window.orderBy, params, page);
  }

  /**
   * On the running transaction's connection when it is not cached: events pick their endpoints
   * there. No transaction that records an event has changed endpoints before, so what is cached
   * is what was committed.
   */
  enabledOf(organisationId: string): Promise<readonly WebhookEndpoint[]> {
    return this.enabled.of(organisationId, () =>
      this.sql.select(ENDPOINTS, `where w.organisation_id = $1 and w.status = 'enabled'`, [organisationId]),
    );
  }
}

/**
 * Sent on commit, to every instance's `EnabledEndpointsCache`. This instance's cache also forgets at
 * once, before the change is answered: its own notice may arrive after the client's next request.
 */
async function announceChange(tx: EntityManager, endpoint: WebhookEndpoint): Promise<void> {
  await tx.execute('select pg_notify(?, ?)', [WEBHOOK_ENDPOINT_CHANGES_CHANNEL, endpoint.organisationId]);
}
