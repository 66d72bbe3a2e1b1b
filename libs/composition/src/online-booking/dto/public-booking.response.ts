import { ApiProperty } from '@nestjs/swagger';
import { ApiCents } from '@app/shared';
import { AddressResponse } from '@app/organisations/http';
import { CancellationPolicyResponse } from '@app/scheduling/http';
import type { PublicBookingView } from '../public-booking.queries.js';

class PublicServiceResponse {
  @ApiProperty({
    example: '0193a6f8-e1f2-7a3b-9c4d-2e3f4a5b6c7d',
    description: "The service's id, as the organisation's booking data lists it.",
  })
  id: string;
  @ApiProperty({ example: 'Initial physiotherapy consultation' }) name: string;
  @ApiProperty({ example: 45, description: 'As booked.' }) durationMinutes: number;
  @ApiCents({ example: 9500, description: 'Integer cents, as booked.' }) price: number;
}

class PublicProviderResponse {
  @ApiProperty({
    example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a',
    description: "The practitioner's id, as the organisation's booking data lists it.",
  })
  id: string;
  @ApiProperty({ example: 'Priya' }) firstName: string;
  @ApiProperty({ example: 'Raman' }) lastName: string;
}

class PublicLocationResponse {
  @ApiProperty({
    example: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
    description: "The location's id, as the organisation's booking data lists it.",
  })
  id: string;
  @ApiProperty({ example: 'Bondi Junction' }) name: string;
  @ApiProperty({ example: 'Australia/Sydney' }) timeZone: string;
  @ApiProperty({ type: AddressResponse }) address: AddressResponse;
}

class PublicOrganisationResponse {
  @ApiProperty({ example: 'Harbour Physio Group' }) name: string;
  @ApiProperty({ example: 'harbour-physio-group' }) slug: string;
  @ApiProperty({ type: String, nullable: true, example: 'https://cdn.harbourphysio.com.au/brand.png' }) brandImageUrl:
    string | null;
}

/**
 * A booking as its patient sees it: when, what, with whom, where, and what cancelling costs. The
 * service, practitioner and location carry the ids the public booking data already shows, so the
 * manage page can ask availability for other times; nothing of the booking's own ids or anyone else's data.
 */
export class PublicBookingResponse {
  @ApiProperty({ enum: ['confirmed', 'cancelled'], example: 'confirmed' }) status: 'confirmed' | 'cancelled';
  @ApiProperty({ example: '2026-12-07T22:00:00.000Z', format: 'date-time' }) startsAt: string;
  @ApiProperty({ example: '2026-12-07T22:45:00.000Z', format: 'date-time' }) endsAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', example: null }) cancelledAt: string | null;
  @ApiProperty({ type: PublicOrganisationResponse }) organisation: PublicOrganisationResponse;
  @ApiProperty({ type: PublicServiceResponse }) service: PublicServiceResponse;
  @ApiProperty({ type: PublicProviderResponse }) provider: PublicProviderResponse;
  @ApiProperty({ type: PublicLocationResponse }) location: PublicLocationResponse;
  @ApiProperty({ type: CancellationPolicyResponse }) cancellationPolicy: CancellationPolicyResponse;

  static from(view: PublicBookingView): PublicBookingResponse {
    const { booking } = view;
    return {
      status: booking.cancelledAt ? 'cancelled' : 'confirmed',
      startsAt: booking.serviceDate.toISOString(),
      endsAt: booking.endsAt.toISOString(),
      cancelledAt: booking.cancelledAt?.toISOString() ?? null,
      organisation: {
        name: view.organisation.name,
        slug: view.organisation.slug,
        brandImageUrl: view.organisation.brandImageUrl,
      },
      // The length and price the booking was made at: a later change to the service is not this booking's.
      service: {
        id: view.service.id,
        name: view.service.name,
        durationMinutes: (booking.endsAt.getTime() - booking.serviceDate.getTime()) / 60_000,
        price: booking.servicePrice,
      },
      provider: { id: view.provider.id, firstName: view.provider.firstName, lastName: view.provider.lastName },
      location: {
        id: view.location.id,
        name: view.location.name,
        timeZone: view.location.timeZone,
        address: AddressResponse.from(view.location.address),
      },
      cancellationPolicy: CancellationPolicyResponse.from(view.cancellationPolicy),
    };
  }
}

export class PublicBookingCreatedResponse {
  @ApiProperty({ type: PublicBookingResponse }) booking: PublicBookingResponse;
  @ApiProperty({
    example: 'q3ZP0yM6m4cWk2Xx3b9yH5bA1sVt7nUe8rL0dQwE2jC',
    description:
      'The secret to see and cancel the booking with (`/v1/public-bookings/{manageToken}`). Shown once; keep it.',
  })
  manageToken: string;
}
