import { ApiProperty, OmitType } from '@nestjs/swagger';
import { ApiCents } from '@app/shared';
import { MemberResponse } from '@app/membership/http';
import type { PaymentTransactionView } from '../../application/payment-transaction.queries.js';
import { ClaimResponse, MedicareClaimResponse } from './claim.response.js';
import { AWAITING_PAYMENT, type SettledBy, settledByOf } from '../../domain/payment-transaction.js';

export class AdjustmentTransactionResponse {
  @ApiProperty({ example: '0193a6fe-e758-732a-b52c-8091a2b3c4d5' }) id: string;
  @ApiProperty({ example: '2026-11-23T01:00:00.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: 'refund',
    description:
      '`refund` (negative); `refund_failed`, a refund the processor could not make given back to the business (positive, its amount); `claim_void`, what a voided claim had paid the business (negative).',
  })
  source: string;
  @ApiCents({ signed: true, example: -1500, description: 'Signed integer cents.' }) amount: number;
}

/** A payout's id, shown in payout listings only. */
const PAYOUT_ID = {
  required: false,
  type: String,
  nullable: true,
  example: '0193a700-0a8b-7d4c-9e5f-a2b3c4d5e6f7',
} as const;

/** An adjustment on a payment transaction; in a payout listing, with the payout that counted it. */
export class PaymentAdjustmentResponse extends AdjustmentTransactionResponse {
  @ApiProperty({
    ...PAYOUT_ID,
    description:
      'In payout listings: the payout that counted it, `null` while it waits for the next. A refund made after its payment was paid out is counted by a later payout than the payment.',
  })
  payoutId?: string | null;
}

class CardPaymentResponse {
  @ApiProperty({ example: 'pi_3QpXy2LmN7vPw0' }) id: string;
  @ApiProperty({ example: 'AUD' }) currency: string;
  @ApiProperty({
    example: 'succeeded',
    description:
      "The processor's status: `succeeded`; `requires_action` while the cardholder's bank asks them to confirm it (3-D Secure) with `clientSecret`, not yet paid; `failed` (in a `payment.failed` event); `requires_payment_method` while its payment link waits to be paid, `canceled` once the link's booking was cancelled.",
  })
  status: string;
  @ApiProperty({ type: String, nullable: true, example: '0193a6f7-5e6f-7a81-8c93-9d0e1f2a3b4c' }) paymentMethodId:
    string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'pi_3QpXy2LmN7vPw0_secret_Tz8',
    description:
      "With `requires_action`: what the cardholder's page (Stripe.js) confirms the payment with. Otherwise `null`.",
  })
  clientSecret: string | null;
  @ApiCents({ example: 9500, description: 'Integer cents.' }) amount: number;
}

class PaymentLinkEventResponse {
  @ApiProperty({ example: '2026-11-21T00:12:00.000Z', format: 'date-time' }) createdAt: string;
}

class PaymentLinkResponse {
  @ApiProperty({ example: 'https://pay.example.com/l/0193a6ff' }) url: string;
  @ApiProperty({ example: '0193a6ff-f869-743b-863d-91a2b3c4d5e6' }) id: string;
  @ApiProperty({ example: '2026-11-21T00:10:00.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({ example: '2026-11-28T00:10:00.000Z', format: 'date-time' }) expiresAt: string;
  @ApiProperty({ type: [PaymentLinkEventResponse] }) events: PaymentLinkEventResponse[];
}

/** A member as shown on a payment event: the spec's Member fields, without `activity`. */
export class EventMemberResponse extends OmitType(MemberResponse, ['activity'] as const) {}

class PaymentEventResponse {
  @ApiProperty({ example: '2026-11-21T00:10:00.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({ example: 'memb_2pVkUt8Lr4nHeC2bXgF8iUaSd1M' }) createdBy: string;
  @ApiProperty({ type: EventMemberResponse, nullable: true }) createdByMember: EventMemberResponse | null;
}

/** Where a payment transaction is shown: in a payout listing (all fields) or inside a booking's Transaction. */
export type EmbeddedIn = 'payout' | 'transaction';

export class PaymentTransactionResponse {
  @ApiProperty({ example: '0193a6fe-d647-7219-a41b-7f8091a2b3c4' }) id: string;
  @ApiProperty({ example: '2026-11-21T00:10:00.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    required: false,
    example: '2026-11-22T07:00:00.000Z',
    format: 'date-time',
    description:
      'In payout listings: when it last changed (paid through its link, refunded, a claim voided, paid out, or given back by a failed payout); equal to `createdAt` until it changes.',
  })
  updatedAt?: string;
  @ApiProperty({ enum: ['payment', 'health_fund_claim', 'medicare_claim'], example: 'payment' }) source: string;
  @ApiCents({ example: 9500, description: 'Integer cents.' }) amount: number;
  @ApiCents({ required: false, example: 196, description: 'Integer cents; in payout listings.' })
  platformFeeAmount?: number;
  @ApiProperty({
    required: false,
    enum: ['platform', 'payer'],
    example: 'platform',
    description:
      "In payout listings: who pays its money into the business's bank account. `platform`: card money (card and link payments, fees), which payouts pay. `payer`: a claim's benefit, which Services Australia or the fund pays the business directly; a payout lists it and pays nothing for it, nor for its adjustments (a void).",
  })
  settledBy?: SettledBy;
  @ApiProperty({
    ...PAYOUT_ID,
    description:
      'In payout listings: the payout that took it (and paid its amount less the platform fee out, when `settledBy` is `platform`). A payout lists too the payment transactions it only counted an adjustment of: its amount is Σ (amount − platformFeeAmount) of the `platform` items whose `payoutId` it is, plus Σ the adjustments of `platform` items whose `payoutId` it is.',
  })
  payoutId?: string | null;
  @ApiProperty({ type: [PaymentAdjustmentResponse] }) adjustmentTransactions: PaymentAdjustmentResponse[];
  @ApiProperty({ type: String, nullable: true, example: 'pi_3QpXy2LmN7vPw0' }) paymentId: string | null;
  @ApiProperty({ type: CardPaymentResponse, nullable: true }) payment: CardPaymentResponse | null;
  @ApiProperty({ type: String, nullable: true, example: null }) claimId: string | null;
  @ApiProperty({ type: ClaimResponse, nullable: true }) claim: ClaimResponse | null;
  @ApiProperty({ type: String, nullable: true, example: null }) medicareClaimId: string | null;
  @ApiProperty({ type: MedicareClaimResponse, nullable: true }) medicareClaim: MedicareClaimResponse | null;
  @ApiProperty({
    required: false,
    type: [PaymentLinkResponse],
    description: 'In payout listings, and in a Transaction while its payment link waits to be paid.',
  })
  paymentLinks?: PaymentLinkResponse[];
  @ApiProperty({ required: false, type: [PaymentEventResponse], description: 'In payout listings.' })
  events?: PaymentEventResponse[];

  static from(read: PaymentTransactionView, view: EmbeddedIn): PaymentTransactionResponse {
    const { paymentTransaction: transaction } = read;
    const inPayout = view === 'payout';
    return {
      id: transaction.id,
      createdAt: transaction.createdAt.toISOString(),
      ...(inPayout ? { updatedAt: transaction.updatedAt.toISOString() } : {}),
      source: transaction.source,
      amount: transaction.amount,
      ...(inPayout
        ? {
            platformFeeAmount: transaction.platformFeeAmount,
            settledBy: settledByOf(transaction.source),
            payoutId: transaction.payoutId,
          }
        : {}),
      adjustmentTransactions: transaction.adjustments.map((adjustment) => ({
        id: adjustment.id,
        createdAt: adjustment.createdAt,
        source: adjustment.source,
        amount: adjustment.amount,
        ...(inPayout ? { payoutId: adjustment.payoutId ?? null } : {}),
      })),
      paymentId: transaction.payment?.id ?? null,
      payment: transaction.payment && {
        id: transaction.payment.id,
        currency: transaction.payment.currency,
        status: transaction.payment.status,
        paymentMethodId: transaction.payment.paymentMethodId,
        clientSecret: transaction.payment.clientSecret,
        amount: transaction.payment.amount,
      },
      claimId: transaction.claimId,
      claim: read.claim && ClaimResponse.from(read.claim, read.healthFund, { withFundId: !inPayout }),
      medicareClaimId: transaction.medicareClaimId,
      medicareClaim:
        read.medicareClaim && MedicareClaimResponse.from(read.medicareClaim, read, { withCards: inPayout }),
      // While a link waits to be paid, a Transaction shows it: the practice needs its url to send.
      ...(inPayout || transaction.payment?.status === AWAITING_PAYMENT
        ? {
            paymentLinks: transaction.paymentLinks.map((link) => ({
              url: link.url,
              id: link.id,
              createdAt: link.createdAt,
              expiresAt: link.expiresAt,
              events: link.events.map((event) => ({ createdAt: event.createdAt })),
            })),
          }
        : {}),
      ...(inPayout
        ? {
            events: transaction.events.map((event) => {
              const member = read.eventMembers.get(event.createdBy);
              return {
                createdAt: event.createdAt,
                createdBy: event.createdBy,
                createdByMember: member ? withoutActivity(MemberResponse.from(member)) : null,
              };
            }),
          }
        : {}),
    };
  }
}

function withoutActivity({ activity: _activity, ...member }: MemberResponse): EventMemberResponse {
  return member;
}
