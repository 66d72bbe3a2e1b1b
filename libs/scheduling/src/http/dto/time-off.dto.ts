import { ApiProperty } from '@nestjs/swagger';
import { IsISO8601, IsString, Matches, MaxLength } from 'class-validator';
import { MayBeOmitted } from '@app/shared';
import type { TimeOff } from '../../domain/time-off.js';

/** A date-time with its offset: an instant, never a wall-clock time of some unnamed zone. */
const WITH_OFFSET = /(Z|[+-]\d{2}:\d{2})$/i;
const DATE_TIME = { strict: true, strictSeparator: true };
const DATE_TIME_MESSAGE = { message: 'must be an ISO 8601 date-time with a time zone, like 2026-12-24T09:00:00+11:00' };

export class CreateTimeOffRequest {
  @ApiProperty({ example: '2026-12-24T00:00:00+11:00', format: 'date-time', description: 'Start, with its offset.' })
  @IsISO8601(DATE_TIME, DATE_TIME_MESSAGE)
  @Matches(WITH_OFFSET, DATE_TIME_MESSAGE)
  startsAt: string;

  @ApiProperty({ example: '2027-01-05T00:00:00+11:00', format: 'date-time', description: 'End, after the start, with its offset.' })
  @IsISO8601(DATE_TIME, DATE_TIME_MESSAGE)
  @Matches(WITH_OFFSET, DATE_TIME_MESSAGE)
  endsAt: string;

  @ApiProperty({ required: false, example: 'Summer holiday', maxLength: 500 })
  @MayBeOmitted()
  @IsString()
  @MaxLength(500)
  reason?: string;
}

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
