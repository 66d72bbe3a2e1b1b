import { Temporal } from 'temporal-polyfill';
import { invalidField } from '@app/shared/domain';
import { type Booking, fitsBeside } from './booking.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_AVAILABILITY_DAYS = 31;

/** The organisation's booking settings that shape online availability. */
export interface AvailabilityRules {
  minimumNoticeMinutes: number;
  maximumAdvanceDays: number;
  slotIntervalMinutes: number;
}

export interface ServiceToBook {
  appointmentTypeId: string;
  durationMinutes: number;
  maxAttendees: number;
}

/** What one provider's diary holds around the asked days, at the asked location. */
export interface ProviderSchedule {
  providerId: string;
  /** The provider's weekly hours at this location. */
  workingHours: readonly { dayOfWeek: number; startTime: string; endTime: string }[];
  timeOff: readonly { startsAt: Date; endsAt: Date }[];
  /** Confirmed bookings anywhere, so a provider is never in two places at once. */
  bookings: readonly Pick<Booking, 'serviceDate' | 'endsAt' | 'appointmentTypeId' | 'locationId'>[];
}

/** Local calendar days of a location, `from` to `to` inclusive. */
export interface DayRange {
  timeZone: string;
  from: Temporal.PlainDate;
  to: Temporal.PlainDate;
}

export interface Slot {
  startsAt: Date;
  endsAt: Date;
  providerIds: string[];
}

export interface AvailableDay {
  /** `YYYY-MM-DD` in the location's zone. */
  date: string;
  slots: Slot[];
}

/** `from` and `to` as asked (`YYYY-MM-DD`, real days, `from` ≤ `to`, at most 31 days). */
export function dayRange(timeZone: string, from: string, to: string): DayRange {
  const first = plainDate(from, 'from');
  const last = plainDate(to, 'to');
  if (Temporal.PlainDate.compare(first, last) > 0) throw invalidField('to', 'before_from', 'must be on or after from');
  if (first.until(last).days + 1 > MAX_AVAILABILITY_DAYS)
    throw invalidField(
      'to',
      'range_too_long',
      `must be at most ${MAX_AVAILABILITY_DAYS} days after from, counting both`,
    );
  return { timeZone, from: first, to: last };
}

/** The instants the range covers: from the start of its first local day to the start of the day after its last. */
export function instantsOf(range: DayRange): { start: Date; end: Date } {
  return {
    start: new Date(range.from.toZonedDateTime({ timeZone: range.timeZone }).epochMilliseconds),
    end: new Date(range.to.add({ days: 1 }).toZonedDateTime({ timeZone: range.timeZone }).epochMilliseconds),
  };
}

/**
 * The times a service can be booked at a location on each day of the range. A time is offered when,
 * for at least one provider, the whole appointment lies in that day's working hours (wall-clock
 * times turned into instants through the zone's rules, so a day of a daylight saving change is
 * shorter or longer), on the interval grid counted from the start of the hours, outside time off,
 * beside the provider's confirmed bookings (a group session with places left counts as free),
 * no sooner than the minimum notice and no later than the advance window.
 */
export function availableDays(
  range: DayRange,
  service: ServiceToBook & { locationId: string },
  providers: readonly ProviderSchedule[],
  rules: AvailabilityRules,
  now: Date,
): AvailableDay[] {
  const earliest = now.getTime() + rules.minimumNoticeMinutes * MINUTE_MS;
  const latest = now.getTime() + rules.maximumAdvanceDays * DAY_MS;
  const duration = service.durationMinutes * MINUTE_MS;
  const step = rules.slotIntervalMinutes * MINUTE_MS;
  const days: AvailableDay[] = [];

  for (let date = range.from; Temporal.PlainDate.compare(date, range.to) <= 0; date = date.add({ days: 1 })) {
    const slots = new Map<number, Slot>();
    const dayOfWeek = date.dayOfWeek;
    const day = date.toString();
    const instantOf = (wallTime: string): number => instantAt(day, wallTime, range.timeZone);
    for (const provider of providers) {
      for (const hours of provider.workingHours) {
        if (hours.dayOfWeek !== dayOfWeek) continue;
        const open = instantOf(hours.startTime);
        const close = instantOf(hours.endTime);
        const timeOff = provider.timeOff
          .filter((off) => off.startsAt.getTime() < close && off.endsAt.getTime() > open)
          .map((off) => ({ start: off.startsAt.getTime(), end: off.endsAt.getTime() }));
        const bookings = provider.bookings
          .filter((booking) => booking.serviceDate.getTime() < close && booking.endsAt.getTime() > open)
          .map((booking) => ({ start: booking.serviceDate.getTime(), end: booking.endsAt.getTime(), booking }));
        for (let start = open; start + duration <= close; start += step) {
          if (start < earliest || start > latest) continue;
          const end = start + duration;
          if (timeOff.some((off) => off.start < end && off.end > start)) continue;
          if (bookings.some((busy) => busy.start < end && busy.end > start)) {
            // Only a group session can share its time; the rule is the back office's own.
            if (service.maxAttendees === 1) continue;
            const overlapping = bookings
              .filter((busy) => busy.start < end && busy.end > start)
              .map((busy) => busy.booking);
            if (!fitsBeside(overlapping, { ...service, serviceDate: new Date(start) })) continue;
          }
          const slot = slots.get(start) ?? { startsAt: new Date(start), endsAt: new Date(end), providerIds: [] };
          if (!slot.providerIds.includes(provider.providerId)) slot.providerIds.push(provider.providerId);
          slots.set(start, slot);
        }
      }
    }
    days.push({ date: day, slots: [...slots.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()) });
  }
  return days;
}

/** Converted times by zone, day and wall-clock time: a zone's rules do not change while the process runs. */
const INSTANTS = new Map<string, number>();
const MAX_INSTANTS = 100_000;

/**
 * The instant a wall-clock time of a day names in the zone. A time skipped by a daylight saving
 * change moves forward by the change (02:30 on the spring-forward day is 03:30); a time that
 * happens twice is its first occurrence. Remembered, since providers share hours and pages ask for
 * the same weeks again (the polyfill spends tens of microseconds on each conversion).
 */
function instantAt(date: string, wallTime: string, timeZone: string): number {
  const key = `${timeZone} ${date} ${wallTime}`;
  let instant = INSTANTS.get(key);
  if (instant === undefined) {
    instant = Temporal.PlainDate.from(date).toZonedDateTime({
      timeZone,
      plainTime: Temporal.PlainTime.from(wallTime),
    }).epochMilliseconds;
    if (INSTANTS.size >= MAX_INSTANTS) INSTANTS.clear();
    INSTANTS.set(key, instant);
  }
  return instant;
}

function plainDate(value: string, field: string): Temporal.PlainDate {
  try {
    if (ISO_DATE.test(value)) return Temporal.PlainDate.from(value, { overflow: 'reject' });
  } catch {
    // falls through to the same answer as a malformed value
  }
  throw invalidField(field, 'invalid_format', 'must be a date as YYYY-MM-DD');
}

/** The local calendar day of an instant in a zone (`YYYY-MM-DD`). */
export function localDateOf(instant: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toString();
}
