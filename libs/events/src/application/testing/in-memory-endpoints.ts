import { type Page, type PageRequest, offsetOf, pageOf } from '@app/shared/domain';
import { WebhookEndpoint } from '../../domain/webhook-endpoint.js';
import { WebhookEndpointRepository } from '../../domain/webhook-endpoint.repository.js';

/** Keeps endpoints in memory; what it answers are copies, as fresh loads from the database would be. */
export class InMemoryEndpoints extends WebhookEndpointRepository {
  readonly stored = new Map<string, WebhookEndpoint>();

  async add(endpoint: WebhookEndpoint, limit: number): Promise<boolean> {
    if ([...this.stored.values()].filter((stored) => stored.organisationId === endpoint.organisationId).length >= limit)
      return false;
    this.stored.set(endpoint.id, copyOf(endpoint));
    return true;
  }

  async find(organisationId: string, id: string): Promise<WebhookEndpoint | null> {
    const endpoint = this.stored.get(id);
    return endpoint?.organisationId === organisationId ? copyOf(endpoint) : null;
  }

  /** One caller at a time in memory, so a lock is a read. */
  lock(organisationId: string, id: string): Promise<WebhookEndpoint | null> {
    return this.find(organisationId, id);
  }

  async findById(id: string): Promise<WebhookEndpoint | null> {
    const endpoint = this.stored.get(id);
    return endpoint ? copyOf(endpoint) : null;
  }

  async save(endpoint: WebhookEndpoint): Promise<void> {
    this.stored.set(endpoint.id, copyOf(endpoint));
  }

  async remove(endpoint: WebhookEndpoint): Promise<void> {
    this.stored.delete(endpoint.id);
  }

  async list(organisationId: string, page: PageRequest): Promise<Page<WebhookEndpoint>> {
    const all = [...this.stored.values()].filter((endpoint) => endpoint.organisationId === organisationId);
    return pageOf(all.slice(offsetOf(page), offsetOf(page) + page.limit).map(copyOf), all.length, page);
  }

  async enabledOf(organisationId: string): Promise<WebhookEndpoint[]> {
    return [...this.stored.values()]
      .filter((endpoint) => endpoint.organisationId === organisationId && endpoint.status === 'enabled')
      .map(copyOf);
  }
}

const copyOf = (endpoint: WebhookEndpoint): WebhookEndpoint =>
  Object.assign(new WebhookEndpoint(), structuredClone({ ...endpoint }));
