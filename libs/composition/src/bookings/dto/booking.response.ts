import { ApiProperty } from '@nestjs/swagger';
import { ApiCents, type SharedResponses } from '@app/shared';
import { ClientResponse } from '@app/membership/http';
import { LocationResponse } from '@app/organisations/http';
import { ProviderLocationLinkResponse, ProviderResponse } from '@app/practitioners/http';
import { HealthFundCardResponse, PaymentMethodResponse } from '@app/wallet/http';
import { TransactionResponse } from '@app/payments-and-claims/http';
import { ATTENDANCES, type Attendance, type BookingStatus } from '@app/scheduling';
import {
  AdjustmentResponse,
  AppointmentTypeResponse,
  CancellationPolicyResponse,
  renderBooking,
} from '@app/scheduling/http';
import type { ExpandedBookingView } from '../booking-views.js';

export class BookingResponse {
  @ApiProperty({ example: '0193a6fb-b425-70e7-82f9-5d6e7f8091a2' }) id: string;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: '2026-11-24T01:12:40.000Z',
    format: 'date-time',
    description: 'When it last changed (cancelled, paid, rescheduled); equal to `createdAt` until it changes.',
  })
  updatedAt: string;
  @ApiProperty({ example: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f' }) locationId: string;
  @ApiProperty({ example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a' }) providerId: string;
  @ApiProperty({ example: '0193a6f8-7081-7ca3-8eb5-1f2a3b4c5d6e' }) appointmentTypeId: string;
  @ApiProperty({ example: '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80' }) clientId: string;
  @ApiProperty({ type: ProviderResponse }) provider: ProviderResponse | null;
  @ApiProperty({
    type: LocationResponse,
    description:
      'With `business` (`location.business.capabilities`), and `registrations` with `terminalIds` (`location.registrations`), when expanded.',
  })
  location: LocationResponse | null;
  @ApiProperty({
    type: AppointmentTypeResponse,
    description: 'Billable items carry `serviceItem` when `appointmentType.billableItems.serviceItem` is expanded.',
  })
  appointmentType: AppointmentTypeResponse | null;
  @ApiProperty({ example: '2026-12-01T09:30:00.000Z', format: 'date-time' }) serviceDate: string;
  @ApiProperty({ type: ClientResponse }) client: ClientResponse | null;
  @ApiProperty({ example: false }) paid: boolean;
  @ApiProperty({ example: false }) invoiced: boolean;
  @ApiProperty({ type: [AdjustmentResponse] }) adjustments: AdjustmentResponse[];
  @ApiCents({ example: 9500, description: "Integer cents: the appointment type's price when booked." })
  servicePrice: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', example: null }) cancelledAt: string | null;
  @ApiProperty({ enum: ['confirmed', 'cancelled'], example: 'confirmed', description: 'Derived from `cancelledAt`.' })
  status: BookingStatus;
  @ApiProperty({
    enum: ATTENDANCES,
    example: 'pending',
    description: 'Whether the client came: `pending` until marked through `POST …/bookings/{bookingId}/attendance`.',
  })
  attendance: Attendance;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    example: null,
    description: 'When the client was marked `arrived`; null otherwise.',
  })
  arrivedAt: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description:
      'Shared by every occurrence of a repeated booking (`repeat` on create); null for a booking made alone.',
  })
  seriesId: string | null;
  @ApiProperty({
    required: false,
    type: HealthFundCardResponse,
    nullable: true,
    description: 'Expansion `healthFundCard`.',
  })
  healthFundCard?: HealthFundCardResponse | null;
  @ApiProperty({
    required: false,
    type: PaymentMethodResponse,
    nullable: true,
    description: 'Expansion `paymentMethod`.',
  })
  paymentMethod?: PaymentMethodResponse | null;
  @ApiProperty({
    required: false,
    type: ProviderLocationLinkResponse,
    nullable: true,
    description: 'Expansion `providerLocationLink`.',
  })
  providerLocationLink?: ProviderLocationLinkResponse | null;
  @ApiProperty({ required: false, type: CancellationPolicyResponse, description: 'Expansion `cancellationPolicy`.' })
  cancellationPolicy?: CancellationPolicyResponse;
  @ApiProperty({
    required: false,
    nullable: true,
    type: TransactionResponse,
    description:
      "Expansion `latestTransaction`: the newest transaction of the booking (payments-and-claims' Transaction).",
  })
  latestTransaction?: TransactionResponse | null;
  @ApiProperty({ type: String, nullable: true, example: 'PMS-BK-104233' }) pmsBookingId: string | null;
  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    example: 'PMS-AT-88',
    description: 'Expansion `pmsAttendeeId`.',
  })
  pmsAttendeeId?: string | null;

  /**
   * The booking with its parties as scheduling renders it, and the parts expanded from other
   * contexts. With `shared`, each card and link is rendered once per answer (scheduling does the same
   * for the parties).
   */
  static from(read: ExpandedBookingView, shared?: SharedResponses): BookingResponse {
    const once = <S extends object, R extends object>(kind: string, source: S, render: (source: S) => R): R =>
      shared ? shared.of(kind, source, render) : render(source);
    // An expansion's key is set only when it was asked for (`undefined`: not expanded, `null`: none).
    return renderBooking(
      read,
      {
        ...(read.healthFundCard !== undefined
          ? {
              healthFundCard:
                read.healthFundCard &&
                once('healthFundCard', read.healthFundCard, (card) => HealthFundCardResponse.from(card)),
            }
          : {}),
        ...(read.paymentMethod !== undefined
          ? {
              paymentMethod:
                read.paymentMethod &&
                once('paymentMethod', read.paymentMethod, ({ card }) => PaymentMethodResponse.from(card)),
            }
          : {}),
        ...(read.providerLocationLink !== undefined
          ? {
              providerLocationLink:
                read.providerLocationLink &&
                once('providerLocationLink', read.providerLocationLink, (link) =>
                  ProviderLocationLinkResponse.from(link),
                ),
            }
          : {}),
        ...(read.cancellationPolicy
          ? { cancellationPolicy: CancellationPolicyResponse.from(read.cancellationPolicy) }
          : {}),
        ...(read.latestTransaction !== undefined
          ? {
              latestTransaction:
                read.latestTransaction &&
                TransactionResponse.from(read.latestTransaction, {
                  withBillableItems: read.expansion.has('latestTransaction.transactionItems.billableItem'),
                }),
            }
          : {}),
      },
      shared,
    );
  }
}
