import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min, ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * The largest value a request may carry, one per kind of quantity (docs/api-conventions.md, "Request limits"). Each
 * fits its PostgreSQL column (`integer`, up to 2^31 − 1) with room to add up a booking's or a
 * transaction's items, so no number a DTO accepts can overflow a column or a sum.
 */
export const REQUEST_LIMITS = {
  /** Money, integer cents: $1,000,000.00. */
  cents: 100_000_000,
  /** Percentages (tax, cancellation fee). */
  percent: 100,
  /** A duration in minutes: one day. */
  minutes: 1440,
  /** A notice period in hours: 30 days. */
  hours: 720,
  /** How many of something (attendees, ids in a list). */
  count: 500,
  /** How deep a JSON body may nest objects and arrays; the deepest request DTO needs 4. */
  jsonDepth: 32,
  /** Date-times a request may name: PostgreSQL and JS agree on these, with a day to spare on either side. */
  earliestDateTime: '1900-01-01T00:00:00.000Z',
  latestDateTime: '2999-12-31T00:00:00.000Z',
} as const;

const CENTS_MESSAGE = { message: `must be an integer number of cents from 0 to ${REQUEST_LIMITS.cents}` };

/** A non-negative amount of money in integer cents, at most `REQUEST_LIMITS.cents`. */
export const IsCents = (): PropertyDecorator =>
  applyDecorators(IsInt(CENTS_MESSAGE), Min(0, CENTS_MESSAGE), Max(REQUEST_LIMITS.cents, CENTS_MESSAGE));

/** The OpenAPI bounds of a cents field, to spread into its `@ApiProperty`. */
export const CENTS_SCHEMA = { type: 'integer', minimum: 0, maximum: REQUEST_LIMITS.cents } as const;

const PERCENT_MESSAGE = {
  message: `must be a percentage from 0 to ${REQUEST_LIMITS.percent} with at most 2 decimal places`,
};

/**
 * A percentage from 0 to 100 with at most two decimals. class-validator's `maxDecimalPlaces` reads
 * `String(value)`, so it lets `5e-324` through; this compares the value with itself rounded.
 */
export const IsPercent = (): PropertyDecorator =>
  applyDecorators(
    ValidateBy(
      {
        name: 'isPercent',
        validator: {
          validate: (value) =>
            typeof value === 'number' && Number.isFinite(value) && Math.round(value * 100) / 100 === value,
        },
      },
      PERCENT_MESSAGE,
    ),
    Min(0, PERCENT_MESSAGE),
    Max(REQUEST_LIMITS.percent, PERCENT_MESSAGE),
  );

/** Date and time with seconds optional, fraction optional, and a mandatory `Z` or `±hh:mm` offset. */
const DATE_TIME_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** Whether `value` is an ISO 8601 date-time with an offset, naming a real instant within the request limits. */
export function isDateTimeWithOffset(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = DATE_TIME_WITH_OFFSET.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second = '0', offsetHours = '0', offsetMinutes = '0'] = match.slice(1);
  const calendarDay = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendarDay.getUTCMonth() !== Number(month) - 1 || calendarDay.getUTCDate() !== Number(day)) return false;
  if (
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59 ||
    Number(offsetHours) > 23 ||
    Number(offsetMinutes) > 59
  )
    return false;
  const instant = new Date(value).toISOString();
  return instant >= REQUEST_LIMITS.earliestDateTime && instant <= REQUEST_LIMITS.latestDateTime;
}

/**
 * An ISO 8601 date-time with `Z` or an offset (`2026-12-01T09:30:00+11:00`), between
 * `REQUEST_LIMITS.earliestDateTime` and `latestDateTime`: a local time without an offset names no
 * instant, and a far date overflows when a duration is added to it.
 */
export const IsDateTimeWithOffset = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isDateTimeWithOffset',
      validator: {
        validate: isDateTimeWithOffset,
        defaultMessage: () =>
          `must be an ISO 8601 date-time with Z or an offset, from ${REQUEST_LIMITS.earliestDateTime.slice(0, 4)} to ${REQUEST_LIMITS.latestDateTime.slice(0, 4)}`,
      },
    },
    options,
  );
