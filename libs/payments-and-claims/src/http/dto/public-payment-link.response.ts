import { ApiProperty } from '@nestjs/swagger';
import { ApiCents } from '@app/shared';
import type { LinkView } from '../../application/pay-by-link.use-case.js';

export class PublicPaymentLinkResponse {
  @ApiCents({ example: 4700, description: 'Integer cents to pay.' }) amount: number;
  @ApiProperty({ example: 'AUD' }) currency: string;
  @ApiProperty({ example: 'Harbour Physio Group' }) organisationName: string;
  @ApiProperty({ type: String, nullable: true, example: 'Alex' }) clientFirstName: string | null;
  @ApiProperty({ example: '2026-11-26T00:10:00.000Z', format: 'date-time' }) expiresAt: string;
  @ApiProperty({
    enum: ['open', 'paid', 'cancelled', 'expired'],
    example: 'open',
    description:
      'What paying it would do: `open` takes the payment; `paid`, paid already (409 `payment_link_paid`); `cancelled`, its booking was cancelled (409 `booking_cancelled`); `expired`, past `expiresAt` (410 `payment_link_expired`).',
  })
  status: string;

  static from(view: LinkView): PublicPaymentLinkResponse {
    return { ...view, expiresAt: view.expiresAt.toISOString() };
  }
}
