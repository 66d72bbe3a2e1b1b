import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsString, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { IsDateTimeWithOffset, MayBeOmitted } from '@app/shared';
import { MAX_OCCURRENCES, MIN_OCCURRENCES, REPEAT_FREQUENCIES, type RepeatFrequency } from '../../domain/repeat.js';

const OCCURRENCES = { message: `must be a whole number from ${MIN_OCCURRENCES} to ${MAX_OCCURRENCES}` };

export class RepeatRequest {
  @ApiProperty({ enum: REPEAT_FREQUENCIES, example: 'weekly', description: 'Every week, or every second week.' })
  @IsIn(REPEAT_FREQUENCIES, { message: `must be one of: ${REPEAT_FREQUENCIES.join(', ')}` })
  frequency: RepeatFrequency;

  @ApiProperty({
    example: 6,
    minimum: MIN_OCCURRENCES,
    maximum: MAX_OCCURRENCES,
    description: 'Occurrences in all, the first included.',
  })
  @IsInt(OCCURRENCES)
  @Min(MIN_OCCURRENCES, OCCURRENCES)
  @Max(MAX_OCCURRENCES, OCCURRENCES)
  count: number;
}

export class CreateBookingRequest {
  @ApiProperty({ example: '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80', description: 'A client of this organisation.' })
  @IsUUID('all', { message: 'must be a client id' })
  clientId: string;

  @ApiProperty({ example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a' })
  @IsUUID('all', { message: 'must be a provider id' })
  providerId: string;

  @ApiProperty({
    example: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
    description: 'A location the provider is linked to.',
  })
  @IsUUID('all', { message: 'must be a location id' })
  locationId: string;

  @ApiProperty({
    example: '0193a6f8-7081-7ca3-8eb5-1f2a3b4c5d6e',
    description: 'Offered by the provider at the location.',
  })
  @IsUUID('all', { message: 'must be an appointment type id' })
  appointmentTypeId: string;

  @ApiProperty({
    example: '2026-12-01T09:30:00.000+11:00',
    format: 'date-time',
    description: 'Start of the appointment, ISO 8601 with an offset.',
  })
  @IsDateTimeWithOffset()
  serviceDate: string;

  @ApiProperty({
    required: false,
    example: '0193a6f7-5e6f-7a81-8c93-9d0e1f2a3b4c',
    description: "A payment method in the client's wallet.",
  })
  @MayBeOmitted()
  @IsUUID('all', { message: 'must be a wallet card id' })
  paymentMethodId?: string;

  @ApiProperty({
    required: false,
    example: '0193a6f7-6f70-7b92-8da4-0e1f2a3b4c5d',
    description: "A health fund card in the client's wallet.",
  })
  @MayBeOmitted()
  @IsUUID('all', { message: 'must be a wallet card id' })
  healthFundCardId?: string;

  @ApiProperty({
    required: false,
    example: 'PMS-BK-104233',
    description: 'For bookings imported from a practice management system.',
  })
  @MayBeOmitted()
  @IsString()
  @MaxLength(100)
  pmsBookingId?: string;

  @ApiProperty({
    required: false,
    example: 'PMS-AT-88',
    description: 'For bookings imported from a practice management system.',
  })
  @MayBeOmitted()
  @IsString()
  @MaxLength(100)
  pmsAttendeeId?: string;

  @ApiProperty({
    required: false,
    type: RepeatRequest,
    description:
      "Book the same time again every week or fortnight, keeping the first booking's wall-clock time in the location's time zone across daylight saving. Every occurrence is checked before any is written: one that does not fit is 409 `slot_unavailable` with `conflicts` (each conflicting serviceDate) and nothing is booked.",
  })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => RepeatRequest)
  repeat?: RepeatRequest;
}
