import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiOk, AppConfig, Public } from '@app/shared';
import { PayByLink } from '../application/pay-by-link.use-case.js';
import { PayLinkRequest } from './dto/pay-link.request.js';
import { PublicPaymentLinkResponse } from './dto/public-payment-link.response.js';

const TOKEN = {
  name: 'token',
  description: 'The token from the payment link url (`…/pay/{token}`).',
  example: 'mR3tq0H0uV7c9Jt6Yf2hQm8WbZ1sXk4nE5aLd0pGi7o',
};

/** What a payment link's answer holds, as the OpenAPI document says it. */
const PAYMENT_LINK_DESCRIPTION = [
  'No API key.',
  "Charges the card and settles the link's transaction (the booking becomes paid when nothing else is owed).",
  'Expired: 410 `payment_link_expired`; paid already: 409 `payment_link_paid`; its booking cancelled,',
  'or paid another way, since: 409 `booking_cancelled` or `booking_already_paid`; declined: 402 `card_declined`.',
  "When the payer's bank asks them to confirm the payment (3-D Secure),",
  "the answer's `payment` is `requires_action` with the `clientSecret` the page confirms it with,",
  'and the link is paid once the processor says it succeeded (paying it again meanwhile:',
  '409 `payment_requires_action`).',
  'The card processor unreachable: 503 `payment_processor_unavailable`.',
].join(' ');

@ApiTags('payment links')
@Public()
@Controller('v1/payment-links/:token')
export class PaymentLinksController {
  constructor(
    private readonly links: PayByLink,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Get a payment link',
    description:
      'No API key: the token is the key. What the payer needs to see before paying: who asks, how much, for which appointment, and whether it can still be paid.',
  })
  @ApiParam(TOKEN)
  @ApiOk(PublicPaymentLinkResponse)
  @ApiErrors(HttpStatus.NOT_FOUND, HttpStatus.TOO_MANY_REQUESTS)
  async get(@Param('token') token: string): Promise<PublicPaymentLinkResponse> {
    return PublicPaymentLinkResponse.from(await this.links.view(token), this.stripePublishableKey());
  }

  @Post('pay')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Pay a payment link',
    description: PAYMENT_LINK_DESCRIPTION,
  })
  @ApiParam(TOKEN)
  @ApiOk(PublicPaymentLinkResponse)
  @ApiErrors(
    HttpStatus.BAD_REQUEST,
    HttpStatus.PAYMENT_REQUIRED,
    HttpStatus.NOT_FOUND,
    HttpStatus.CONFLICT,
    HttpStatus.GONE,
    HttpStatus.TOO_MANY_REQUESTS,
  )
  async pay(@Param('token') token: string, @Body() body: PayLinkRequest): Promise<PublicPaymentLinkResponse> {
    return PublicPaymentLinkResponse.from(
      await this.links.pay(token, {
        paymentMethodId: body.paymentMethodId,
        confirmationTokenId: body.confirmationTokenId,
      }),
      this.stripePublishableKey(),
    );
  }

  /** Only with Stripe: a key set while another processor takes cards would start a form that cannot pay. */
  private stripePublishableKey(): string | null {
    return this.config.paymentProcessor === 'stripe' ? (this.config.stripePublishableKey ?? null) : null;
  }
}
