import { ApiProperty } from '@nestjs/swagger';
import { ApiCents, type SharedResponses } from '@app/shared';
import type { ClientView } from '@app/membership';
import { BusinessResponse, LocationResponse } from '@app/organisations/http';
import { ProviderResponse } from '@app/practitioners/http';
import type { BookingView } from '../../application/booking.queries.js';
import type { Attendance, BookingStatus } from '../../domain/booking.js';
import type { CancellationPolicy } from '../../domain/cancellation-policy.js';
import { AppointmentTypeResponse } from './appointment-type.response.js';

export class AdjustmentResponse {
  @ApiProperty({ example: '0193a6fa-a314-7fd6-81e8-4c5d6e7f8091' }) id: string;
  @ApiCents({ example: 1500, description: 'Integer cents.' }) amount: number;
  @ApiProperty({ example: -1, description: '1 adds to what the client owes, -1 takes from it.' })
  balanceEffectIndicator: number;
  @ApiProperty({ example: 'Loyalty discount' }) description: string;
}

class ToggleResponse {
  @ApiProperty({ example: true }) enabled: boolean;
}

class CancellationRulesResponse {
  @ApiProperty({ type: ToggleResponse }) clientCancel: ToggleResponse;
  @ApiProperty({ type: ToggleResponse }) clientReschedule: ToggleResponse;
}

class CancellationFeeResponse {
  @ApiCents({ example: 4750, description: 'Integer cents.' }) amount: number;
  @ApiProperty({ example: 24 }) freeCancellationHours: number;
  @ApiProperty({
    example: '2026-11-30T22:30:00.000Z',
    format: 'date-time',
    description: 'Cancelling up to this moment is free.',
  })
  latestNoFeeAt: string;
  @ApiProperty({
    example: false,
    description: 'Whether now is past `latestNoFeeAt`. A fee is charged only when the policy is `enabled`.',
  })
  billable: boolean;
  @ApiProperty({ type: Number, nullable: true, example: 50 }) percent: number | null;
}

export class CancellationPolicyResponse {
  @ApiProperty({ example: true }) enabled: boolean;
  @ApiProperty({ type: CancellationRulesResponse }) rules: CancellationRulesResponse;
  @ApiProperty({ type: CancellationFeeResponse }) fee: CancellationFeeResponse;

  static from(policy: CancellationPolicy): CancellationPolicyResponse {
    return {
      enabled: policy.enabled,
      rules: {
        clientCancel: { enabled: policy.rules.clientCancel.enabled },
        clientReschedule: { enabled: policy.rules.clientReschedule.enabled },
      },
      fee: { ...policy.fee, latestNoFeeAt: policy.fee.latestNoFeeAt.toISOString() },
    };
  }
}

/** A booking's own fields and its parties, in the order its answers and events show them. */
export interface BookingFields {
  id: string;
  createdAt: string;
  updatedAt: string;
  locationId: string;
  providerId: string;
  appointmentTypeId: string;
  clientId: string;
  provider: ProviderResponse | null;
  location: LocationResponse | null;
  appointmentType: AppointmentTypeResponse | null;
  serviceDate: string;
  client: ClientView | null;
  paid: boolean;
  invoiced: boolean;
  adjustments: AdjustmentResponse[];
  servicePrice: number;
  cancelledAt: string | null;
  status: BookingStatus;
  attendance: Attendance;
  arrivedAt: string | null;
  seriesId: string | null;
  pmsBookingId: string | null;
  pmsAttendeeId?: string | null;
}

/**
 * A booking as its answers and events show it. `expanded` holds the parts read above this context
 * (cards, link, policy, transaction), already rendered: they go before `pmsBookingId`, as the
 * answer lists them. With `shared`, each provider, location, appointment type and client is
 * rendered once per answer.
 */
export function renderBooking<Expanded extends object>(
  read: BookingView,
  expanded: Expanded,
  shared?: SharedResponses,
): BookingFields & Expanded {
  const { booking, expansion } = read;
  const once = <S extends object, R extends object>(kind: string, source: S, render: (source: S) => R): R =>
    shared ? shared.of(kind, source, render) : render(source);
  return {
    id: booking.id,
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
    locationId: booking.locationId,
    providerId: booking.providerId,
    appointmentTypeId: booking.appointmentTypeId,
    clientId: booking.clientId,
    provider: read.provider ? once('provider', read.provider, (provider) => ProviderResponse.from(provider)) : null,
    location: read.location
      ? once('location', read.location, (location) =>
          LocationResponse.from(location, {
            business: read.business === undefined ? undefined : read.business && BusinessResponse.from(read.business),
            registrations: expansion.has('location.registrations'),
          }),
        )
      : null,
    appointmentType: read.appointmentType
      ? once('appointmentType', read.appointmentType, (type) =>
          AppointmentTypeResponse.from(type, {
            withServiceItems: expansion.has('appointmentType.billableItems.serviceItem'),
          }),
        )
      : null,
    serviceDate: booking.serviceDate.toISOString(),
    client: read.client && once('client', read.client, (client) => client),
    paid: booking.paid,
    invoiced: booking.invoiced,
    adjustments: booking.adjustments,
    servicePrice: booking.servicePrice,
    cancelledAt: booking.cancelledAt?.toISOString() ?? null,
    status: booking.cancelledAt ? 'cancelled' : 'confirmed',
    attendance: booking.attendance,
    arrivedAt: booking.arrivedAt?.toISOString() ?? null,
    seriesId: booking.seriesId,
    ...expanded,
    pmsBookingId: booking.pmsBookingId,
    ...(expansion.has('pmsAttendeeId') ? { pmsAttendeeId: booking.pmsAttendeeId } : {}),
  };
}
