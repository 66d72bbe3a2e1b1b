import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, IsUrl, MaxLength, ValidateIf } from 'class-validator';
import { EVENT_SELECTORS } from '../../domain/event-selection.js';
import type { WebhookDelivery } from '../../domain/webhook-delivery.js';
import type { WebhookEndpoint } from '../../domain/webhook-endpoint.js';

const URL_RULES = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };
const URL_MESSAGE = { message: 'must be an https URL' };
const SELECTOR_MESSAGE = { each: true, message: 'each value must be `*`, an event type or a family such as `booking.*`' };

export class CreateWebhookEndpointRequest {
  @ApiProperty({
    example: 'https://pms.example.com/webhooks/clinic',
    maxLength: 2048,
    description: 'https, and never a loopback, private, link-local or metadata address.',
  })
  @IsString()
  @IsUrl(URL_RULES, URL_MESSAGE)
  @MaxLength(2048)
  url: string;

  @ApiProperty({ required: false, type: String, nullable: true, maxLength: 500, example: 'Practice management sync' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string | null;

  @ApiProperty({ type: [String], enum: EVENT_SELECTORS, example: ['booking.*', 'client.created'], description: '`*` for every event, or types, or families.' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsIn(EVENT_SELECTORS, SELECTOR_MESSAGE)
  enabledEvents: string[];
}

export class UpdateWebhookEndpointRequest {
  @ApiProperty({ required: false, example: 'https://pms.example.com/webhooks/clinic', maxLength: 2048 })
  @ValidateIf((_, value) => value !== undefined)
  @IsString()
  @IsUrl(URL_RULES, URL_MESSAGE)
  @MaxLength(2048)
  url?: string;

  @ApiProperty({ required: false, type: String, nullable: true, maxLength: 500, example: 'Practice management sync' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string | null;

  @ApiProperty({ required: false, type: [String], enum: EVENT_SELECTORS, example: ['*'] })
  @ValidateIf((_, value) => value !== undefined)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsIn(EVENT_SELECTORS, SELECTOR_MESSAGE)
  enabledEvents?: string[];

  @ApiProperty({ required: false, enum: ['enabled', 'disabled'], example: 'enabled', description: 'Enabling restarts the three-day failure clock.' })
  @ValidateIf((_, value) => value !== undefined)
  @IsIn(['enabled', 'disabled'], { message: 'status must be enabled or disabled' })
  status?: 'enabled' | 'disabled';
}

export class WebhookEndpointResponse {
  @ApiProperty({ example: '0193a6fc-c536-7208-83fa-6e7f8091a2b3' }) id: string;
  @ApiProperty({ example: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L' }) organisationId: string;
  @ApiProperty({ example: 'https://pms.example.com/webhooks/clinic' }) url: string;
  @ApiProperty({ type: String, nullable: true, example: 'Practice management sync' }) description: string | null;
  @ApiProperty({ type: [String], example: ['booking.*'] }) enabledEvents: string[];
  @ApiProperty({ enum: ['enabled', 'disabled'], example: 'enabled', description: 'Disabled by hand, or after three days of failed deliveries.' })
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

  static withSecret(endpoint: WebhookEndpoint): WebhookEndpointWithSecretResponse {
    return { ...WebhookEndpointResponse.from(endpoint), secret: endpoint.secret };
  }
}

export class WebhookDeliveryResponse {
  @ApiProperty({ example: '0193a6fd-d647-7319-84fb-7f8091a2b3c4' }) id: string;
  @ApiProperty({ example: 'evt_2pVkUq3Kx9mGdB1aWfE7hTzRc0L' }) eventId: string;
  @ApiProperty({ example: 'booking.created' }) eventType: string;
  @ApiProperty({ example: 1, description: '1 for the first try.' }) attempt: number;
  @ApiProperty({
    enum: ['succeeded', 'retrying', 'failed'],
    example: 'retrying',
    description: '`retrying`: failed, another attempt at `nextAttemptAt`; `failed`: no attempt left.',
  })
  status: string;
  @ApiProperty({ type: Number, nullable: true, example: 500, description: 'Null when no answer came.' }) responseStatus: number | null;
  @ApiProperty({ example: 84 }) durationMs: number;
  @ApiProperty({ type: String, nullable: true, example: 'answered 500' }) error: string | null;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-22T05:29:04.000Z', format: 'date-time' }) nextAttemptAt: string | null;

  static from(delivery: WebhookDelivery): WebhookDeliveryResponse {
    return {
      id: delivery.id,
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      attempt: delivery.attempt,
      status: delivery.status,
      responseStatus: delivery.responseStatus,
      durationMs: delivery.durationMs,
      error: delivery.error,
      createdAt: delivery.createdAt.toISOString(),
      nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    };
  }
}

export class SendAcceptedResponse {
  @ApiProperty({ example: 'evt_2pVkUq3Kx9mGdB1aWfE7hTzRc0L', description: 'The event being sent: its deliveries show the outcome.' }) eventId: string;
  @ApiProperty({ example: 1 }) attempt: number;
}
