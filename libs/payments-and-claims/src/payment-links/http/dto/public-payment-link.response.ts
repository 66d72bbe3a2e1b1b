import { ApiProperty } from '@nestjs/swagger';
import { ApiCents } from '@app/shared';
import type { LinkView } from '../../application/payment-link-views.js';

class PaymentLinkServiceResponse {
  @ApiProperty({ example: 'Initial physiotherapy consultation' }) name: string;
}

class PaymentLinkProviderResponse {
  @ApiProperty({ example: 'Priya' }) firstName: string;
  @ApiProperty({ example: 'Raman' }) lastName: string;
}

class PaymentLinkLocationResponse {
  @ApiProperty({ example: 'Bondi Junction' }) name: string;
  @ApiProperty({ example: 'Australia/Sydney', description: 'The IANA time zone `startsAt` is shown in.' })
  timeZone: string;
}

/** The payment made with the link, as the processor answered it. */
class PaymentLinkPaymentResponse {
  @ApiProperty({
    enum: ['succeeded', 'requires_action'],
    example: 'requires_action',
    description:
      "`succeeded`: paid. `requires_action`: the payer's bank asks them to confirm it (3-D Secure); the page confirms it with `clientSecret`, and the link is paid once the processor says it succeeded.",
  })
  status: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'pi_3QpXy2LmN7vPw0_secret_Tz8',
    description: 'With `requires_action`: what the page confirms the payment with.',
  })
  clientSecret: string | null;
}

/** The appointment paid for, as its patient knows it. */
class PaymentLinkBookingResponse {
  @ApiProperty({ example: '2026-12-07T22:00:00.000Z', format: 'date-time' }) startsAt: string;
  @ApiProperty({ type: PaymentLinkServiceResponse }) service: PaymentLinkServiceResponse;
  @ApiProperty({ type: PaymentLinkProviderResponse }) provider: PaymentLinkProviderResponse;
  @ApiProperty({ type: PaymentLinkLocationResponse }) location: PaymentLinkLocationResponse;
}

export class PublicPaymentLinkResponse {
  @ApiCents({ example: 4700, description: 'Integer cents to pay.' }) amount: number;
  @ApiProperty({ example: 'AUD' }) currency: string;
  @ApiProperty({ example: 'Harbour Physio Group' }) organisationName: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'https://cdn.harbourphysio.com.au/brand.png',
    description: "The organisation's brand image.",
  })
  organisationBrandImageUrl: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Alex' }) clientFirstName: string | null;
  @ApiProperty({ example: '2026-11-26T00:10:00.000Z', format: 'date-time' }) expiresAt: string;
  @ApiProperty({
    enum: ['open', 'paid', 'cancelled', 'expired'],
    example: 'open',
    description:
      'What paying it would do: `open` takes the payment; `paid`, paid already (409 `payment_link_paid`); `cancelled`, its booking was cancelled (409 `booking_cancelled`) or its client marked a no-show (409 `payment_link_cancelled`); `expired`, past `expiresAt` (410 `payment_link_expired`).',
  })
  status: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    example: null,
    description: 'When the link was paid; `null` until then.',
  })
  paidAt: string | null;
  @ApiProperty({
    type: PaymentLinkPaymentResponse,
    nullable: true,
    description:
      'The payment made with the link; `null` until one was made. While it is `requires_action`, paying the link again is 409 `payment_requires_action`.',
  })
  payment: PaymentLinkPaymentResponse | null;
  @ApiProperty({
    type: PaymentLinkBookingResponse,
    nullable: true,
    description:
      'The appointment the link asks payment for (the booking checked out); `null` for a sale of no booking.',
  })
  booking: PaymentLinkBookingResponse | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'pk_live_51H8examplePublishableKey',
    description:
      "When Stripe takes the card: the platform's Stripe publishable key, to start Stripe.js with and make the `confirmationTokenId` that pays the link. Public by design. `null` with any other processor.",
  })
  stripePublishableKey: string | null;

  /** `stripePublishableKey`: the platform's, when Stripe takes the card. */
  static from(view: LinkView, stripePublishableKey: string | null): PublicPaymentLinkResponse {
    const { booking } = view;
    return {
      amount: view.amount,
      currency: view.currency,
      organisationName: view.organisationName,
      organisationBrandImageUrl: view.organisationBrandImageUrl,
      clientFirstName: view.clientFirstName,
      expiresAt: view.expiresAt.toISOString(),
      status: view.status,
      paidAt: view.paidAt?.toISOString() ?? null,
      payment: view.payment,
      booking: booking && {
        startsAt: booking.startsAt.toISOString(),
        service: { name: booking.service.name },
        provider: booking.provider,
        location: booking.location,
      },
      stripePublishableKey,
    };
  }
}
