import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsEmail,
  IsISO8601,
  IsNotEmpty,
  IsObject,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { MayBeOmitted } from '@app/shared';

const NAME_LENGTH = 100;

export class PatientDetailsRequest {
  @ApiProperty({ example: 'Alex', maxLength: NAME_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_LENGTH)
  firstName: string;
  @ApiProperty({ example: 'Chen', maxLength: NAME_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_LENGTH)
  lastName: string;

  @ApiProperty({
    format: 'email',
    maxLength: 254,
    example: 'alex.chen@example.com',
    description: "The clinic's client with this email is booked; a new client when there is none.",
  })
  @IsEmail({}, { message: 'must be an email address' })
  @MaxLength(254)
  email: string;

  @ApiProperty({
    required: false,
    example: '0412 345 678',
    maxLength: 30,
    description: 'E.164, or any Australian form.',
  })
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
  @ApiProperty({ example: '0193a6f8-7081-7ca3-8eb5-1f2a3b4c5d6e' })
  @IsUUID('all', { message: 'must be an appointment type id' })
  appointmentTypeId: string;
  @ApiProperty({ example: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f' })
  @IsUUID('all', { message: 'must be a location id' })
  locationId: string;
  @ApiProperty({
    example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a',
    description: 'One of the `providerIds` of the chosen slot.',
  })
  @IsUUID('all', { message: 'must be a provider id' })
  providerId: string;

  @ApiProperty({
    example: '2026-12-07T22:00:00.000Z',
    format: 'date-time',
    description: 'A `startsAt` that availability lists.',
  })
  @IsISO8601({ strict: true, strictSeparator: true }, { message: 'must be an ISO 8601 date-time with a time zone' })
  @Matches(/(Z|[+-]\d{2}:\d{2})$/i, { message: 'must be an ISO 8601 date-time with a time zone' })
  startsAt: string;

  @ApiProperty({ type: PatientDetailsRequest })
  @IsObject()
  @ValidateNested()
  @Type(() => PatientDetailsRequest)
  patient: PatientDetailsRequest;
}
