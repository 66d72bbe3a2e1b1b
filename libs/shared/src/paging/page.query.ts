import { applyDecorators, type Type as ClassType } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDate, IsInt, Max, Min } from 'class-validator';
import type { PageRequest } from '../domain/index.js';
import { MayBeOmitted } from '../http/may-be-omitted.decorator.js';
import { isDateTimeWithOffset } from '../http/request-limits.js';

export const MAX_PAGE = Number.MAX_SAFE_INTEGER;
export const MAX_LIMIT = 200;
export const DEFAULT_LIMIT = 10;

/**
 * `page` and `limit` are plain decimal integers only: `Number()` would also read `1e3`, `0x10`, `+1` and
 * ` 1`. Anything else stays a string and fails `@IsInt`.
 */
const toPlainInteger = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^[0-9]{1,16}$/.test(value) ? Number(value) : value;

/** `page` and `limit` of every list. Endpoint queries extend it with their filters. */
export class PageQuery implements PageRequest {
  @ApiProperty({
    required: false,
    type: 'integer',
    minimum: 1,
    maximum: MAX_PAGE,
    default: 1,
    example: 1,
    description: 'Page number, from 1.',
  })
  @Transform(toPlainInteger)
  @IsInt({ message: 'page must be an integer from 1' })
  @Min(1, { message: 'page must be an integer from 1' })
  @Max(MAX_PAGE, { message: `page must be at most ${MAX_PAGE}` })
  page: number = 1;

  @ApiProperty({
    required: false,
    type: 'integer',
    minimum: 1,
    maximum: MAX_LIMIT,
    default: DEFAULT_LIMIT,
    example: 20,
    description: 'Items per page.',
  })
  @Transform(toPlainInteger)
  @IsInt({ message: `limit must be an integer from 1 to ${MAX_LIMIT}` })
  @Min(1, { message: `limit must be an integer from 1 to ${MAX_LIMIT}` })
  @Max(MAX_LIMIT, { message: `limit must be an integer from 1 to ${MAX_LIMIT}` })
  limit: number = DEFAULT_LIMIT;

  @ApiProperty({
    required: false,
    type: String,
    format: 'date-time',
    example: '2026-11-22T05:28:59.000Z',
    description:
      'Sync mode: only what changed at or after this instant (inclusive), archived rows included, ordered `updatedAt, id` ascending. ' +
      "Read until a page is not full, asking again from the last item's `updatedAt` (or for the next page), and keep the largest `updatedAt` seen for the next sync.",
  })
  @MayBeOmitted()
  @Transform(({ value }: { value: unknown }) => (isDateTimeWithOffset(value) ? new Date(value as string) : value))
  @IsDate({ message: 'updatedSince must be an ISO 8601 date-time with Z or an offset, like 2026-11-22T05:28:59.000Z' })
  updatedSince?: Date;
}

/** `includeDeleted` of the lists whose rows can be archived. Sync mode (`updatedSince`) includes them anyway. */
export class IncludeDeletedQuery {
  @ApiProperty({
    required: false,
    enum: ['true', 'false'],
    default: 'false',
    description: 'Include archived (`deleted: true`) rows.',
  })
  @MayBeOmitted()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'includeDeleted must be true or false' })
  includeDeleted?: boolean;
}

class PageEnvelopeDto {
  @ApiProperty({ example: 1 })
  page: number;

  @ApiProperty({ example: 20 })
  limit: number;

  @ApiProperty({ example: 57 })
  totalItems: number;

  @ApiProperty({ example: 3, description: 'ceil(totalItems / limit)' })
  totalPages: number;
}

/**
 * A 200 answer holding one page of `item` in the paging envelope, as JSON; `alternatives` adds
 * other representations the route answers when asked by `Accept` (a CSV export).
 */
export function ApiPagedResponse(
  item: ClassType<unknown>,
  description?: string,
  alternatives?: Record<string, { schema: object; example?: unknown }>,
): MethodDecorator {
  const schema = {
    allOf: [
      { $ref: getSchemaPath(PageEnvelopeDto) },
      {
        type: 'object',
        required: ['items'],
        properties: { items: { type: 'array', items: { $ref: getSchemaPath(item) } } },
      },
    ],
  };
  const answer = alternatives
    ? ApiOkResponse({
        description: description ?? 'One page of results.',
        content: { 'application/json': { schema }, ...alternatives },
      })
    : ApiOkResponse({ description: description ?? 'One page of results.', schema });
  return applyDecorators(ApiExtraModels(PageEnvelopeDto, item), answer);
}
