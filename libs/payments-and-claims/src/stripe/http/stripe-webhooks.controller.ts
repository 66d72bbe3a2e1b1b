import { Controller, Headers, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request } from 'express';
import { ApiOk, problemResponse, Public } from '@app/shared';
import { ProcessStripeEvent, STRIPE_EVENT_TYPES } from '../application/process-stripe-event.use-case.js';
import { StripeEventVerifier } from '../domain/stripe-events.js';
import { StripeWebhookResponse } from './dto/stripe-webhook.response.js';

/**
 * Where Stripe sends its events. No API key: the `Stripe-Signature` header, checked over the body's
 * bytes as they arrived (`app.ts` keeps them for this path), is the key. Not rate-limited: a burst
 * of Stripe's deliveries must not be refused, and an unsigned request costs one HMAC.
 */
@ApiTags('stripe')
@Public()
@SkipThrottle()
@Controller('v1/stripe/webhooks')
export class StripeWebhooksController {
  constructor(
    private readonly verifier: StripeEventVerifier,
    private readonly process: ProcessStripeEvent,
  ) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Receive a Stripe event',
    description: `For Stripe, not for clinics: the URL of the Stripe webhook endpoints (the platform account's and the Connect one) when \`PAYMENT_PROCESSOR=stripe\`. The body is the event exactly as Stripe signed it. Acts on ${STRIPE_EVENT_TYPES.map((type) => `\`${type}\``).join(', ')}; any other verified event is kept and answered \`ignored\`. Each event is processed once, however often it arrives: a repeat answers 200 \`duplicate\`. An unsigned, forged or stale request is 400 \`stripe_signature_invalid\` and nothing is kept. A failure on this side (the database unreachable: 503) answers 5xx and keeps nothing, so Stripe sends the event again.`,
  })
  @ApiHeader({
    name: 'Stripe-Signature',
    required: true,
    description: "Stripe's signature of the body: `t=<unix seconds>,v1=<HMAC-SHA256>`.",
    example: 't=1764460800,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
  })
  @ApiBody({
    description: 'A Stripe event (`https://docs.stripe.com/api/events/object`), as Stripe sent it.',
    schema: {
      type: 'object',
      additionalProperties: true,
      required: ['id', 'type', 'data'],
      properties: {
        id: { type: 'string', example: 'evt_3PqL0cAbCdEfGh1i0aBcDeFg' },
        object: { type: 'string', example: 'event' },
        type: { type: 'string', example: 'payment_intent.succeeded' },
        account: {
          type: 'string',
          example: 'acct_1PqL0cAbCdEfGh1i',
          description: 'The connected account, on Connect events (payouts).',
        },
        created: { type: 'integer', example: 1764460800 },
        data: {
          type: 'object',
          additionalProperties: true,
          properties: {
            object: {
              type: 'object',
              additionalProperties: true,
              example: { id: 'pi_3PqL0cAbCdEfGh1i0aBcDeFg', object: 'payment_intent', status: 'succeeded' },
            },
          },
        },
      },
    },
  })
  @ApiOk(StripeWebhookResponse)
  @ApiResponse({
    status: HttpStatus.BAD_REQUEST,
    ...problemResponse(
      HttpStatus.BAD_REQUEST,
      'The `Stripe-Signature` header is missing, does not verify with a configured secret, or is older than 5 minutes (`stripe_signature_invalid`); or a signed body is not a Stripe event (`malformed_json`). Nothing is kept.',
    ),
  })
  @ApiResponse({
    status: HttpStatus.NOT_FOUND,
    ...problemResponse(
      HttpStatus.NOT_FOUND,
      'This service takes no Stripe events: it has no `STRIPE_WEBHOOK_SECRET` (`stripe_not_configured`).',
    ),
  })
  async receive(
    @Req() request: Request,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<StripeWebhookResponse> {
    const event = this.verifier.verify(request.rawBody ?? Buffer.alloc(0), signature);
    return { id: event.id, type: event.type, outcome: await this.process.execute(event) };
  }
}
