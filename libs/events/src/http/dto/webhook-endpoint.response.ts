import { ApiProperty } from '@nestjs/swagger';
import type { EndpointWithSecret } from '../../application/manage-webhook-endpoints.use-case.js';
import type { WebhookEndpoint } from '../../domain/webhook-endpoint.js';

export class WebhookEndpointResponse {
  @ApiProperty({ example: '0193a6fc-c536-7208-83fa-6e7f8091a2b3' }) id: string;
  @ApiProperty({ example: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L' }) organisationId: string;
  @ApiProperty({ example: 'https://pms.example.com/webhooks/clinic' }) url: string;
  @ApiProperty({ type: String, nullable: true, example: 'Practice management sync' }) description: string | null;
  @ApiProperty({ type: [String], example: ['booking.*'] }) enabledEvents: string[];
  @ApiProperty({
    enum: ['enabled', 'disabled'],
    example: 'enabled',
    description: 'Disabled by hand, or after three days of failed deliveries.',
  })
  status: string;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) updatedAt: string;

  static from(endpoint: WebhookEndpoint): WebhookEndpointResponse {
    return {
      id: endpoint.id,
      organisationId: endpoint.organisationId,
      url: endpoint.url,
      description: endpoint.description,
      enabledEvents: endpoint.enabledEvents,
      status: endpoint.status,
      createdAt: endpoint.createdAt.toISOString(),
      updatedAt: endpoint.updatedAt.toISOString(),
    };
  }
}

export class WebhookEndpointWithSecretResponse extends WebhookEndpointResponse {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'Shown only here: `whsec_` and the base64 of 24 random bytes; verify deliveries with it.',
  })
  secret: string;

  static withSecret({ endpoint, secret }: EndpointWithSecret): WebhookEndpointWithSecretResponse {
    return { ...WebhookEndpointResponse.from(endpoint), secret };
  }
}
