import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import { Clock } from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import { endpointLimitReached, endpointNotFound } from '../domain/events.errors.js';
import { type EndpointChanges, type NewWebhookEndpoint, newWebhookSecret, WebhookEndpoint } from '../domain/webhook-endpoint.js';
import { WebhookEndpointRepository } from '../domain/webhook-endpoint.repository.js';
import { WebhookSecrets } from '../domain/webhook-secrets.js';
import { WebhookUrlCheck } from './webhook-url-check.js';

/** An endpoint with its new signing secret in plain text: only creating and rotating answer it, once. */
export interface EndpointWithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

/** Create, change, rotate the secret of, and delete an organisation's webhook endpoints. */
@Injectable()
export class ManageWebhookEndpoints {
  constructor(
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

  async update(organisationId: string, id: string, changes: EndpointChanges): Promise<WebhookEndpoint> {
    const endpoint = await this.get(organisationId, id);
    if (changes.url !== undefined) await this.urls.assertAllowed(changes.url);
    endpoint.update(changes, this.clock.now());
    await this.endpoints.save(endpoint);
    return endpoint;
  }

  async rotateSecret(organisationId: string, id: string): Promise<EndpointWithSecret> {
    const endpoint = await this.get(organisationId, id);
    const secret = newWebhookSecret();
    endpoint.rotateSecret(this.secrets.seal(secret), this.clock.now());
    await this.endpoints.save(endpoint);
    return { endpoint, secret };
  }

  async remove(organisationId: string, id: string): Promise<void> {
    await this.endpoints.remove(await this.get(organisationId, id));
  }

  async get(organisationId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.find(organisationId, id);
    if (!endpoint) throw endpointNotFound(id);
    return endpoint;
  }
}
