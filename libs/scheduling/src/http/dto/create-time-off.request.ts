import { ApiProperty } from '@nestjs/swagger';
import { IsISO8601, IsString, Matches, MaxLength } from 'class-validator';
import { MayBeOmitted } from '@app/shared';

/** A date-time with its offset: an instant, never a wall-clock time of some unnamed zone. */
const WITH_OFFSET = /(Z|[+-]\d{2}:\d{2})$/i;

const DATE_TIME = { strict: true, strictSeparator: true };

const DATE_TIME_MESSAGE = { message: 'must be an ISO 8601 date-time with a time zone, like 2026-12-24T09:00:00+11:00' };

export class CreateTimeOffRequest {
  @ApiProperty({ example: '2026-12-24T00:00:00+11:00', format: 'date-time', description: 'Start, with its offset.' })
  @IsISO8601(DATE_TIME, DATE_TIME_MESSAGE)
  @Matches(WITH_OFFSET, DATE_TIME_MESSAGE)
  startsAt: string;

  @ApiProperty({
    example: '2027-01-05T00:00:00+11:00',
    format: 'date-time',
    description: 'End, after the start, with its offset.',
  })
  @IsISO8601(DATE_TIME, DATE_TIME_MESSAGE)
  @Matches(WITH_OFFSET, DATE_TIME_MESSAGE)
  endsAt: string;

  @ApiProperty({ required: false, example: 'Summer holiday', maxLength: 500 })
  @MayBeOmitted()
  @IsString()
  @MaxLength(500)
  reason?: string;
}
