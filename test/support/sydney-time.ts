import { Temporal } from 'temporal-polyfill';

/** The time zone the online-booking tests' clinics are in. */
export const ZONE = 'Australia/Sydney';

/** The day `days` after today in Sydney, `YYYY-MM-DD`. */
export const dayAhead = (days: number): string => Temporal.Now.plainDateISO(ZONE).add({ days }).toString();

/** The instant of a wall-clock time in Sydney, as the API writes instants. */
export const sydney = (date: string, time: string): string =>
  new Date(
    Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: ZONE, plainTime: Temporal.PlainTime.from(time) })
      .epochMilliseconds,
  ).toISOString();

/** The UTC offset of Sydney on a day at noon, as `HH:MM`. */
export function offsetOn(date: string): string {
  return Temporal.PlainDate.from(date)
    .toZonedDateTime({ timeZone: ZONE, plainTime: Temporal.PlainTime.from('12:00') })
    .offset.slice(1);
}

/** The day Sydney leaves daylight saving in `year`: the first Sunday of April, at 3:00 am AEDT. */
export function daylightSavingEnds(year: number): Temporal.PlainDate {
  const first = Temporal.PlainDate.from({ year, month: 4, day: 1 });
  return first.add({ days: (7 - first.dayOfWeek) % 7 });
}

const MONTHS = 'January February March April May June July August September October November December'.split(' ');

/** A day as the emails write it, without its weekday: "5 April 2027". */
export const dayWritten = (date: Temporal.PlainDate): string => `${date.day} ${MONTHS[date.month - 1]} ${date.year}`;
