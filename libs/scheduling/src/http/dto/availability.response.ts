import { ApiProperty } from '@nestjs/swagger';
import type { Availability } from '../../application/availability.queries.js';

class SlotResponse {
  @ApiProperty({ example: '2026-12-07T22:00:00.000Z', format: 'date-time' }) startsAt: string;
  @ApiProperty({ example: '2026-12-07T22:45:00.000Z', format: 'date-time' }) endsAt: string;
  @ApiProperty({
    type: [String],
    example: ['0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a'],
    description: 'Providers free for the whole appointment.',
  })
  providerIds: string[];
}

class AvailableDayResponse {
  @ApiProperty({ example: '2026-12-08', format: 'date', description: "A day in the location's time zone." })
  date: string;
  @ApiProperty({ type: [SlotResponse], description: 'Earliest first.' }) slots: SlotResponse[];
}

export class AvailabilityResponse {
  @ApiProperty({ example: 'Australia/Sydney', description: "The location's IANA time zone: show times in it." })
  timeZone: string;
  @ApiProperty({ type: [AvailableDayResponse], description: 'Every asked day, in order, with or without slots.' })
  days: AvailableDayResponse[];

  static from(availability: Availability): AvailabilityResponse {
    return {
      timeZone: availability.timeZone,
      days: availability.days.map((day) => ({
        date: day.date,
        slots: day.slots.map((slot) => ({
          startsAt: slot.startsAt.toISOString(),
          endsAt: slot.endsAt.toISOString(),
          providerIds: slot.providerIds,
        })),
      })),
    };
  }
}
