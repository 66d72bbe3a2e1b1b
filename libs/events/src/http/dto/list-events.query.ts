import { ApiProperty } from '@nestjs/swagger';
import { IsISO8601 } from 'class-validator';
import { ListQueryParam, MayBeOmitted, PageQuery } from '@app/shared';
import { EVENT_TYPES } from '@app/shared/domain';
import { EVENT_FAMILIES } from '../../domain/event-selection.js';

const ISO_DATE_TIME = { strict: true, strictSeparator: true };

export const EVENT_TYPE_FILTERS = [...EVENT_TYPES, ...EVENT_FAMILIES];

export class ListEventsQuery extends PageQuery {
  @ListQueryParam(EVENT_TYPE_FILTERS, 'Only events of these types; `booking.*` names a family.', [
    'booking.*',
    'client.created',
  ])
  type?: string[];

  @ApiProperty({
    required: false,
    format: 'date-time',
    example: '2026-11-01T00:00:00.000Z',
    description: 'Created from (inclusive).',
  })
  @MayBeOmitted()
  @IsISO8601(ISO_DATE_TIME, { message: 'createdAtMin must be an ISO 8601 date-time' })
  createdAtMin?: string;

  @ApiProperty({
    required: false,
    format: 'date-time',
    example: '2026-12-01T00:00:00.000Z',
    description: 'Created before (exclusive).',
  })
  @MayBeOmitted()
  @IsISO8601(ISO_DATE_TIME, { message: 'createdAtMax must be an ISO 8601 date-time' })
  createdAtMax?: string;
}
