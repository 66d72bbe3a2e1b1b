import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsString, IsUUID, Matches, Max, Min, ValidateNested } from 'class-validator';
import type { WorkingHours } from '../../domain/working-hours.js';

const WALL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const WALL_TIME_MESSAGE = { message: 'must be a time as HH:MM, 00:00 to 23:59' };

export class WorkingHoursItem {
  @ApiProperty({
    example: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
    description: 'A location the provider is linked to; times are its wall-clock times.',
  })
  @IsUUID('all', { message: 'must be a location id' })
  locationId: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 7, example: 1, description: '1 = Monday … 7 = Sunday.' })
  @IsInt()
  @Min(1)
  @Max(7)
  dayOfWeek: number;

  @ApiProperty({ example: '09:00', pattern: WALL_TIME.source, description: "Start, in the location's time zone." })
  @IsString()
  @Matches(WALL_TIME, WALL_TIME_MESSAGE)
  startTime: string;

  @ApiProperty({
    example: '17:00',
    pattern: WALL_TIME.source,
    description: "End, after the start, in the location's time zone.",
  })
  @IsString()
  @Matches(WALL_TIME, WALL_TIME_MESSAGE)
  endTime: string;

  static from(hours: WorkingHours): WorkingHoursItem {
    return {
      locationId: hours.locationId,
      dayOfWeek: hours.dayOfWeek,
      startTime: hours.startTime,
      endTime: hours.endTime,
    };
  }
}

/** A provider's whole week: a PUT replaces every stretch with these. */
export class WorkingHoursWeek {
  @ApiProperty({
    type: [WorkingHoursItem],
    maxItems: 200,
    description: 'Stretches of one day must not overlap, wherever they are.',
  })
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => WorkingHoursItem)
  items: WorkingHoursItem[];
}
