import { ApiProperty } from '@nestjs/swagger';
import { IsString, IsUUID, Matches } from 'class-validator';
import { MayBeOmitted } from '@app/shared';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export class AvailabilityQuery {
  @ApiProperty({
    example: '0193a6f8-7081-7ca3-8eb5-1f2a3b4c5d6e',
    description: 'The service to book (a service id of booking data).',
  })
  @IsUUID('all', { message: 'must be an appointment type id' })
  appointmentTypeId: string;

  @ApiProperty({ example: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f' })
  @IsUUID('all', { message: 'must be a location id' })
  locationId: string;

  @ApiProperty({
    required: false,
    example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a',
    description: 'One provider; every provider who offers the service when left out.',
  })
  @MayBeOmitted()
  @IsUUID('all', { message: 'must be a provider id' })
  providerId?: string;

  @ApiProperty({ example: '2026-12-07', format: 'date', description: "First day, in the location's time zone." })
  @IsString()
  @Matches(ISO_DATE, { message: 'must be a date as YYYY-MM-DD' })
  from: string;

  @ApiProperty({
    example: '2026-12-13',
    format: 'date',
    description: 'Last day, included; at most 31 days counting both.',
  })
  @IsString()
  @Matches(ISO_DATE, { message: 'must be a date as YYYY-MM-DD' })
  to: string;
}
