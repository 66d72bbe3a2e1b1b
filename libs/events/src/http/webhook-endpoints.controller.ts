import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post, Query, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ApiErrors,
  ApiKeyed,
  ApiOk,
  ApiPagedResponse,
  Conditional,
  ETagged,
  IfMatch,
  OrganisationIdParam,
  PageQuery,
  UuidParam,
} from '@app/shared';
import type { Page } from '@app/shared/domain';
import { ManageWebhookEndpoints } from '../application/manage-webhook-endpoints.use-case.js';
import { SendToEndpoint } from '../application/send-to-endpoint.use-case.js';
import { WebhookDeliveryRepository, WebhookEndpointRepository } from '../domain/webhook-endpoint.repository.js';
import { CreateWebhookEndpointRequest, UpdateWebhookEndpointRequest } from './dto/webhook-endpoint.request.js';
import { SendAcceptedResponse, WebhookDeliveryResponse } from './dto/webhook-delivery.response.js';
import { WebhookEndpointResponse, WebhookEndpointWithSecretResponse } from './dto/webhook-endpoint.response.js';

const EndpointId = () => UuidParam('endpointId', 'Webhook endpoint');

@ApiTags('webhook endpoints')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/webhook-endpoints')
export class WebhookEndpointsController {
  constructor(
    private readonly manage: ManageWebhookEndpoints,
    private readonly send: SendToEndpoint,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create a webhook endpoint',
    description:
      'The answer alone holds `secret`. The URL must be https and resolve to public addresses only (unless the service runs with `WEBHOOK_ALLOW_PRIVATE_URLS=true`). ' +
      'An organisation has at most 16 endpoints (unless the service sets `WEBHOOK_ENDPOINTS_PER_ORGANISATION`): one more is 409 `webhook_endpoint_limit`, with the `limit`.',
  })
  @ApiCreatedResponse({ type: WebhookEndpointWithSecretResponse })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  async create(
    @OrganisationIdParam() organisationId: string,
    @Body() body: CreateWebhookEndpointRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<WebhookEndpointWithSecretResponse> {
    const created = await this.manage.create(organisationId, body);
    response.location(`/v1/organisations/${organisationId}/webhook-endpoints/${created.endpoint.id}`);
    return WebhookEndpointWithSecretResponse.withSecret(created);
  }

  @Get()
  @ApiOperation({
    summary: 'List webhook endpoints',
    description:
      'Newest first. A change (PATCH, a rotated secret, disabling after failed deliveries) moves `updatedAt`.',
  })
  @ApiPagedResponse(WebhookEndpointResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(
    @OrganisationIdParam() organisationId: string,
    @Query() query: PageQuery,
  ): Promise<Page<WebhookEndpointResponse>> {
    const page = await this.endpoints.list(organisationId, query);
    return { ...page, items: page.items.map((endpoint) => WebhookEndpointResponse.from(endpoint)) };
  }

  @Get(':endpointId')
  @ApiOperation({
    summary: 'Get a webhook endpoint',
    description: 'Without its signing secret, which only creation and rotate-secret return. `ETag` names its version.',
  })
  @ApiOk(WebhookEndpointResponse)
  @ETagged()
  @ApiErrors(HttpStatus.NOT_FOUND)
  async get(
    @OrganisationIdParam() organisationId: string,
    @EndpointId() endpointId: string,
  ): Promise<WebhookEndpointResponse> {
    return WebhookEndpointResponse.from(await this.manage.get(organisationId, endpointId));
  }

  @Patch(':endpointId')
  @ApiOperation({
    summary: 'Update a webhook endpoint',
    description:
      'Only sent fields change; `null` clears `description`; `{}` changes nothing (the same `ETag`). With `If-Match`, only the version it names changes: another is 412 `precondition_failed` and nothing changes.',
  })
  @ApiOk(WebhookEndpointResponse)
  @Conditional()
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async update(
    @OrganisationIdParam() organisationId: string,
    @EndpointId() endpointId: string,
    @Body() body: UpdateWebhookEndpointRequest,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<WebhookEndpointResponse> {
    return WebhookEndpointResponse.from(await this.manage.update(organisationId, endpointId, body, ifMatch));
  }

  @Delete(':endpointId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Delete a webhook endpoint',
    description:
      'Its deliveries go with it; queued attempts are dropped. With `If-Match`, only while it is the version named: another is 412 `precondition_failed` and nothing is deleted.',
  })
  @ApiHeader({
    name: 'If-Match',
    required: false,
    description: 'The `ETag` of the version you read; without it the endpoint is deleted whatever it holds.',
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrors(HttpStatus.NOT_FOUND, HttpStatus.PRECONDITION_FAILED)
  async remove(
    @OrganisationIdParam() organisationId: string,
    @EndpointId() endpointId: string,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<void> {
    await this.manage.remove(organisationId, endpointId, ifMatch);
  }

  @Post(':endpointId/rotate-secret')
  @ApiOperation({
    summary: 'Rotate the signing secret',
    description: 'Answers the new `secret`; for 24 hours deliveries carry a signature with the old one too.',
  })
  @HttpCode(HttpStatus.OK)
  @ApiOk(WebhookEndpointWithSecretResponse)
  @ApiErrors(HttpStatus.NOT_FOUND)
  async rotate(
    @OrganisationIdParam() organisationId: string,
    @EndpointId() endpointId: string,
  ): Promise<WebhookEndpointWithSecretResponse> {
    return WebhookEndpointWithSecretResponse.withSecret(await this.manage.rotateSecret(organisationId, endpointId));
  }

  @Post(':endpointId/test')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Send a test event',
    description: 'A `webhook_endpoint.test` event, sent now to this endpoint alone.',
  })
  @ApiAcceptedResponse({ type: SendAcceptedResponse })
  @ApiErrors(HttpStatus.NOT_FOUND)
  async test(
    @OrganisationIdParam() organisationId: string,
    @EndpointId() endpointId: string,
  ): Promise<SendAcceptedResponse> {
    return { eventId: await this.send.test(organisationId, endpointId), attempt: 1 };
  }

  @Get(':endpointId/deliveries')
  @ApiOperation({
    summary: 'List delivery attempts',
    description:
      'Every attempt, newest first. An attempt never changes once made (a retry is an attempt of its own), so `updatedSince` lists the attempts made since, `createdAt, id` ascending.',
  })
  @ApiPagedResponse(WebhookDeliveryResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async deliveriesOf(
    @OrganisationIdParam() organisationId: string,
    @EndpointId() endpointId: string,
    @Query() query: PageQuery,
  ): Promise<Page<WebhookDeliveryResponse>> {
    await this.manage.get(organisationId, endpointId);
    const page = await this.deliveries.list(endpointId, query);
    return { ...page, items: page.items.map((delivery) => WebhookDeliveryResponse.from(delivery)) };
  }

  @Post(':endpointId/deliveries/:deliveryId/retry')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Retry a delivery',
    description: "Sends the delivery's event again now, as one more attempt.",
  })
  @ApiAcceptedResponse({ type: SendAcceptedResponse })
  @ApiErrors(HttpStatus.NOT_FOUND)
  async retry(
    @OrganisationIdParam() organisationId: string,
    @EndpointId() endpointId: string,
    @UuidParam('deliveryId', 'Webhook delivery') deliveryId: string,
  ): Promise<SendAcceptedResponse> {
    return this.send.retry(organisationId, endpointId, deliveryId);
  }
}
