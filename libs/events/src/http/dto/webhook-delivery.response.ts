import { ApiProperty } from '@nestjs/swagger';
import type { WebhookDelivery } from '../../domain/webhook-delivery.js';
import { DELIVERY_FAILURES } from '../../domain/webhook-sender.js';

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
  @ApiProperty({ type: Number, nullable: true, example: 500, description: 'Null when no answer came.' })
  responseStatus: number | null;
  @ApiProperty({ example: 84 }) durationMs: number;
  @ApiProperty({
    type: String,
    enum: DELIVERY_FAILURES,
    nullable: true,
    example: 'http_status',
    description:
      'Why the attempt failed; null when it succeeded. `timeout`: no connection within 3 s, or no answer within 10 s; ' +
      '`dns_error`: the host name does not resolve; `address_refused`: the URL is not allowed (not https, or it resolves to a ' +
      'loopback, private, link-local or metadata address); `connection_refused`: nothing listens at the port; ' +
      '`connection_reset`: the connection closed before an answer; `connection_failed`: another network error; ' +
      '`tls_error`: the TLS handshake or the certificate failed; `http_status`: answered, with a status other than 2xx (see `responseStatus`).',
  })
  error: string | null;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-22T05:29:04.000Z', format: 'date-time' })
  nextAttemptAt: string | null;

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
  @ApiProperty({
    example: 'evt_2pVkUq3Kx9mGdB1aWfE7hTzRc0L',
    description: 'The event being sent: its deliveries show the outcome.',
  })
  eventId: string;
  @ApiProperty({ example: 1 }) attempt: number;
}
