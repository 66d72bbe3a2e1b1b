import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEmail, IsISO8601, IsNotEmpty, IsObject, IsString, IsUUID, Matches, MaxLength, ValidateNested } from 'class-validator';
import { ApiCents, MayBeOmitted } from '@app/shared';
import { AddressResponse } from '@app/organisations';
import type { PublicBookingView } from '../../application/public-booking.queries.js';
import { CancellationPolicyResponse } from './booking.dto.js';

const NAME_LENGTH = 100;

export class PatientDetailsRequest {
  @ApiProperty({ example: 'Alex', maxLength: NAME_LENGTH }) @IsString() @IsNotEmpty() @MaxLength(NAME_LENGTH) firstName: string;
  @ApiProperty({ example: 'Chen', maxLength: NAME_LENGTH }) @IsString() @IsNotEmpty() @MaxLength(NAME_LENGTH) lastName: string;

  @ApiProperty({
    format: 'email',
    maxLength: 254,
    example: 'alex.chen@example.com',
    description: "The clinic's client with this email is booked; a new client when there is none.",
  })
  @IsEmail({}, { message: 'must be an email address' })
  @MaxLength(254)
  email: string;

  @ApiProperty({ required: false, example: '0412 345 678', maxLength: 30, description: 'E.164, or any Australian form.' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(30)
  mobileNumber?: string;

  @ApiProperty({ required: false, format: 'date', example: '1988-04-12', description: 'A past date, `YYYY-MM-DD`.' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(10)
  dateOfBirth?: string;
}

export class CreatePublicBookingRequest {
  @ApiProperty({ example: '0193a6f8-7081-7ca3-8eb5-1f2a3b4c5d6e' }) @IsUUID('all', { message: 'must be an appointment type id' }) appointmentTypeId: string;
  @ApiProperty({ example: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f' }) @IsUUID('all', { message: 'must be a location id' }) locationId: string;
  @ApiProperty({ example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a', description: 'One of the `providerIds` of the chosen slot.' })
  @IsUUID('all', { message: 'must be a provider id' })
  providerId: string;

  @ApiProperty({ example: '2026-12-07T22:00:00.000Z', format: 'date-time', description: 'A `startsAt` that availability lists.' })
  @IsISO8601({ strict: true, strictSeparator: true }, { message: 'must be an ISO 8601 date-time with a time zone' })
  @Matches(/(Z|[+-]\d{2}:\d{2})$/i, { message: 'must be an ISO 8601 date-time with a time zone' })
  startsAt: string;

  @ApiProperty({ type: PatientDetailsRequest })
  @IsObject()
  @ValidateNested()
  @Type(() => PatientDetailsRequest)
  patient: PatientDetailsRequest;
}

class PublicServiceResponse {
  @ApiProperty({ example: 'Initial physiotherapy consultation' }) name: string;
  @ApiProperty({ example: 45 }) durationMinutes: number;
  @ApiCents({ example: 9500, description: 'Integer cents, as booked.' }) price: number;
}

class PublicProviderResponse {
  @ApiProperty({ example: 'Priya' }) firstName: string;
  @ApiProperty({ example: 'Raman' }) lastName: string;
}

class PublicLocationResponse {
  @ApiProperty({ example: 'Bondi Junction' }) name: string;
  @ApiProperty({ example: 'Australia/Sydney' }) timeZone: string;
  @ApiProperty({ type: AddressResponse }) address: AddressResponse;
}

class PublicOrganisationResponse {
  @ApiProperty({ example: 'Harbour Physio Group' }) name: string;
  @ApiProperty({ example: 'harbour-physio-group' }) slug: string;
  @ApiProperty({ type: String, nullable: true, example: 'https://cdn.harbourphysio.com.au/brand.png' }) brandImageUrl: string | null;
}

/** A booking as its patient sees it: when, what, with whom, where, and what cancelling costs. No ids, nobody else's data. */
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
      organisation: { name: view.organisation.name, slug: view.organisation.slug, brandImageUrl: view.organisation.brandImageUrl },
      service: { name: view.service.name, durationMinutes: view.service.durationMinutes, price: booking.servicePrice },
      provider: { firstName: view.provider.firstName, lastName: view.provider.lastName },
      location: { name: view.location.name, timeZone: view.location.timeZone, address: AddressResponse.from(view.location.address) },
      cancellationPolicy: CancellationPolicyResponse.from(view.cancellationPolicy),
    };
  }
}

export class PublicBookingCreatedResponse {
  @ApiProperty({ type: PublicBookingResponse }) booking: PublicBookingResponse;
  @ApiProperty({
    example: 'q3ZP0yM6m4cWk2Xx3b9yH5bA1sVt7nUe8rL0dQwE2jC',
    description: 'The secret to see and cancel the booking with (`/v1/public-bookings/{manageToken}`). Shown once; keep it.',
  })
  manageToken: string;
}
