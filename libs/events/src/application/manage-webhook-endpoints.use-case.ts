import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import { assertIfMatch, Clock, DomainEvents } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import { endpointLimitReached, endpointNotFound } from '../domain/events.errors.js';
import {
  type EndpointChanges,
  type NewWebhookEndpoint,
  newWebhookSecret,
  WebhookEndpoint,
} from '../domain/webhook-endpoint.js';
import { WebhookEndpointRepository } from '../domain/webhook-endpoint.repository.js';
import { WebhookSecrets } from '../domain/webhook-secrets.js';
import { WebhookUrlCheck } from './webhook-url-check.js';

/** An endpoint with its new signing secret in plain text: only creating and rotating answer it, once. */
export interface EndpointWithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

/**
 * Create, change, rotate the secret of, and delete an organisation's webhook endpoints. A change
 * works on the endpoint's locked row, in one transaction: `If-Match` names the version it expects.
 */
@Injectable()
export class ManageWebhookEndpoints {
  constructor(
    private readonly events: DomainEvents,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly organisations: OrganisationQueries,
    private readonly urls: WebhookUrlCheck,
    private readonly secrets: WebhookSecrets,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  async create(organisationId: string, props: NewWebhookEndpoint): Promise<EndpointWithSecret> {
    await this.organisations.assertExists(organisationId);
    await this.urls.assertAllowed(props.url);
    const secret = newWebhookSecret();
    const endpoint = WebhookEndpoint.create(organisationId, props, this.secrets.seal(secret), this.clock.now());
    // An event is delivered to each endpoint that takes it: the limit bounds the deliveries one event makes.
    const limit = this.config.webhookEndpointsPerOrganisation;
    if (!(await this.endpoints.add(endpoint, limit))) throw endpointLimitReached(limit);
    return { endpoint, secret };
  }

  /** `{}`, or only what it already holds, changes nothing: the same `updatedAt`, nothing saved. */
  async update(
    organisationId: string,
    id: string,
    changes: EndpointChanges,
    ifMatch?: string,
  ): Promise<WebhookEndpoint> {
    await this.get(organisationId, id);
    // Resolved before the row is locked: a slow name server holds no lock.
    if (changes.url !== undefined) await this.urls.assertAllowed(changes.url);
    return this.events.transaction(async () => {
      const endpoint = await this.lock(organisationId, id);
      assertIfMatch(ifMatch, endpoint.updatedAt);
      if (endpoint.update(changes, this.clock.now())) await this.endpoints.save(endpoint);
      return endpoint;
    });
  }

  async rotateSecret(organisationId: string, id: string): Promise<EndpointWithSecret> {
    return this.events.transaction(async () => {
      const endpoint = await this.lock(organisationId, id);
      const secret = newWebhookSecret();
      endpoint.rotateSecret(this.secrets.seal(secret), this.clock.now());
      await this.endpoints.save(endpoint);
      return { endpoint, secret };
    });
  }

  async remove(organisationId: string, id: string, ifMatch?: string): Promise<void> {
    await this.events.transaction(async () => {
      const endpoint = await this.lock(organisationId, id);
      assertIfMatch(ifMatch, endpoint.updatedAt);
      await this.endpoints.remove(endpoint);
    });
  }

  async get(organisationId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.find(organisationId, id);
    if (!endpoint) throw endpointNotFound(id);
    return endpoint;
  }

  private async lock(organisationId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.lock(organisationId, id);
    if (!endpoint) throw endpointNotFound(id);
    return endpoint;
  }
}
