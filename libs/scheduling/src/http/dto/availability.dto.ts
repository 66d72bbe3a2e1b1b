import { ApiProperty } from '@nestjs/swagger';
import { IsString, IsUUID, Matches } from 'class-validator';
import { MayBeOmitted } from '@app/shared';
import type { Availability } from '../../application/availability.queries.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export class AvailabilityQuery {
  @ApiProperty({ example: '0193a6f8-7081-7ca3-8eb5-1f2a3b4c5d6e', description: 'The service to book (a service id of booking data).' })
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

  @ApiProperty({ example: '2026-12-13', format: 'date', description: 'Last day, included; at most 31 days counting both.' })
  @IsString()
  @Matches(ISO_DATE, { message: 'must be a date as YYYY-MM-DD' })
  to: string;
}

class SlotResponse {
  @ApiProperty({ example: '2026-12-07T22:00:00.000Z', format: 'date-time' }) startsAt: string;
  @ApiProperty({ example: '2026-12-07T22:45:00.000Z', format: 'date-time' }) endsAt: string;
  @ApiProperty({ type: [String], example: ['0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a'], description: 'Providers free for the whole appointment.' })
  providerIds: string[];
}

class AvailableDayResponse {
  @ApiProperty({ example: '2026-12-08', format: 'date', description: "A day in the location's time zone." }) date: string;
  @ApiProperty({ type: [SlotResponse], description: 'Earliest first.' }) slots: SlotResponse[];
}

export class AvailabilityResponse {
  @ApiProperty({ example: 'Australia/Sydney', description: "The location's IANA time zone: show times in it." }) timeZone: string;
  @ApiProperty({ type: [AvailableDayResponse], description: 'Every asked day, in order, with or without slots.' }) days: AvailableDayResponse[];

  static from(availability: Availability): AvailabilityResponse {
    return {
      timeZone: availability.timeZone,
      days: availability.days.map((day) => ({
        date: day.date,
        slots: day.slots.map((slot) => ({ startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString(), providerIds: slot.providerIds })),
      })),
    };
  }
}
