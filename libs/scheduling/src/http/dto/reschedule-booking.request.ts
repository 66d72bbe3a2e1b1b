import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { IsDateTimeWithOffset, MayBeOmitted } from '@app/shared';

export class RescheduleBookingRequest {
  @ApiProperty({
    example: '2026-12-02T10:00:00.000+11:00',
    format: 'date-time',
    description: 'The new start, ISO 8601 with an offset.',
  })
  @IsDateTimeWithOffset()
  serviceDate: string;

  @ApiProperty({
    required: false,
    example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a',
    description: "Another provider; the booking's own when omitted.",
  })
  @MayBeOmitted()
  @IsUUID('all', { message: 'must be a provider id' })
  providerId?: string;

  @ApiProperty({
    required: false,
    example: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
    description: "Another location; the booking's own when omitted.",
  })
  @MayBeOmitted()
  @IsUUID('all', { message: 'must be a location id' })
  locationId?: string;
}

export class ReschedulePublicBookingRequest {
  @ApiProperty({
    example: '2026-12-08T23:00:00.000Z',
    format: 'date-time',
    description: "A `startsAt` that availability lists now for the booking's service, location and provider.",
  })
  @IsDateTimeWithOffset()
  startsAt: string;
}
