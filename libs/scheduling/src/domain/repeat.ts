import { Temporal } from 'temporal-polyfill';
import { invalidField } from '@app/shared/domain';

export const REPEAT_FREQUENCIES = ['weekly', 'fortnightly'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];

/** A booking booked again every week or fortnight: `count` occurrences in all, the first included. */
export interface Repeat {
  frequency: RepeatFrequency;
  count: number;
}

export const MIN_OCCURRENCES = 2;
export const MAX_OCCURRENCES = 52;

const WEEKS: Record<RepeatFrequency, number> = { weekly: 1, fortnightly: 2 };

/**
 * The start of every occurrence, the first at `first`: each keeps the first one's wall-clock time
 * in the location's `timeZone`, so 09:00 stays 09:00 across a daylight saving change (a time a
 * change skips moves forward by the change, as availability's times do).
 */
export function occurrencesOf(first: Date, timeZone: string, repeat: Repeat): Date[] {
  if (!REPEAT_FREQUENCIES.includes(repeat.frequency))
    throw invalidField('repeat.frequency', 'invalid_value', `must be one of: ${REPEAT_FREQUENCIES.join(', ')}`);
  if (!Number.isInteger(repeat.count) || repeat.count < MIN_OCCURRENCES || repeat.count > MAX_OCCURRENCES)
    throw invalidField(
      'repeat.count',
      'out_of_range',
      `must be a whole number from ${MIN_OCCURRENCES} to ${MAX_OCCURRENCES}`,
    );
  const start = Temporal.Instant.fromEpochMilliseconds(first.getTime()).toZonedDateTimeISO(timeZone);
  const weeks = WEEKS[repeat.frequency];
  return Array.from(
    { length: repeat.count },
    (_, index) => new Date(start.add({ weeks: index * weeks }).epochMilliseconds),
  );
}
