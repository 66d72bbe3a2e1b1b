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
  if (first.until(last).days + 1 > MAX_AVAILABILITY_DAYS) throw invalidField('to', 'range_too_long', `must be at most ${MAX_AVAILABILITY_DAYS} days after from, counting both`);
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
    for (const provider of providers) {
      for (const hours of provider.workingHours) {
        if (hours.dayOfWeek !== date.dayOfWeek) continue;
        const open = instantAt(date, hours.startTime, range.timeZone);
        const close = instantAt(date, hours.endTime, range.timeZone);
        const timeOff = provider.timeOff.filter((off) => off.startsAt.getTime() < close && off.endsAt.getTime() > open);
        const bookings = provider.bookings.filter((booking) => booking.serviceDate.getTime() < close && booking.endsAt.getTime() > open);
        for (let start = open; start + duration <= close; start += step) {
          if (start < earliest || start > latest) continue;
          const end = start + duration;
          if (timeOff.some((off) => off.startsAt.getTime() < end && off.endsAt.getTime() > start)) continue;
          const overlapping = bookings.filter((booking) => booking.serviceDate.getTime() < end && booking.endsAt.getTime() > start);
          const candidate = { ...service, serviceDate: new Date(start) };
          if (!fitsBeside(overlapping, candidate)) continue;
          const slot = slots.get(start) ?? { startsAt: new Date(start), endsAt: new Date(end), providerIds: [] };
          if (!slot.providerIds.includes(provider.providerId)) slot.providerIds.push(provider.providerId);
          slots.set(start, slot);
        }
      }
    }
    days.push({ date: date.toString(), slots: [...slots.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()) });
  }
  return days;
}

/**
 * The instant a wall-clock time of a day names in the zone. A time skipped by a daylight saving
 * change moves forward by the change (02:30 on the spring-forward day is 03:30); a time that
 * happens twice is its first occurrence.
 */
function instantAt(date: Temporal.PlainDate, wallTime: string, timeZone: string): number {
  return date.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(wallTime) }).epochMilliseconds;
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
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}
