import { ApiProperty } from '@nestjs/swagger';
import type { TimeOff } from '../../domain/time-off.js';

export class TimeOffResponse {
  @ApiProperty({ example: '0193a6fc-c536-7108-93fa-6e7f8091a2b3' }) id: string;
  @ApiProperty({ example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a' }) providerId: string;
  @ApiProperty({ example: '2026-12-23T13:00:00.000Z', format: 'date-time' }) startsAt: string;
  @ApiProperty({ example: '2027-01-04T13:00:00.000Z', format: 'date-time' }) endsAt: string;
  @ApiProperty({ type: String, nullable: true, example: 'Summer holiday' }) reason: string | null;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;

  static from(timeOff: TimeOff): TimeOffResponse {
    return {
      id: timeOff.id,
      providerId: timeOff.providerId,
      startsAt: timeOff.startsAt.toISOString(),
      endsAt: timeOff.endsAt.toISOString(),
      reason: timeOff.reason,
      createdAt: timeOff.createdAt.toISOString(),
    };
  }
}
