import { describe, expect, it } from '@jest/globals';
import { type AvailabilityRules, availableDays, dayRange, instantsOf, type ProviderSchedule } from './availability.js';

const LOCATION = 'location-bondi';
const SERVICE = { appointmentTypeId: 'type-consult', durationMinutes: 30, maxAttendees: 1, locationId: LOCATION };
const RULES: AvailabilityRules = { minimumNoticeMinutes: 0, maximumAdvanceDays: 365, slotIntervalMinutes: 30 };
/** A fixed clock well before every day asked below, so notice and advance rules do not interfere. */
const LONG_BEFORE = new Date('2026-01-01T00:00:00.000Z');

const provider = (overrides: Partial<ProviderSchedule> = {}): ProviderSchedule => ({
  providerId: 'provider-priya',
  workingHours: [],
  timeOff: [],
  bookings: [],
  ...overrides,
});

const sunday = (startTime: string, endTime: string) => ({ dayOfWeek: 7, startTime, endTime });

/** The start instants offered on one day, as ISO strings. */
function startsOn(
  timeZone: string,
  date: string,
  schedule: ProviderSchedule,
  rules = RULES,
  now = LONG_BEFORE,
  service = SERVICE,
): string[] {
  const [day] = availableDays(dayRange(timeZone, date, date), service, [schedule], rules, now);
  expect(day.date).toBe(date);
  return day.slots.map((slot) => slot.startsAt.toISOString());
}

describe('available times across daylight saving changes', () => {
  describe.each(['Australia/Sydney', 'Australia/Melbourne'])('%s', (zone) => {
    it('skips the hour from 02:00 to 03:00 that does not exist on the first Sunday of October', () => {
      const starts = startsOn(zone, '2026-10-04', provider({ workingHours: [sunday('00:00', '06:00')] }));
      // Six wall-clock hours are five real ones: ten half-hour times, not twelve.
      expect(starts).toHaveLength(10);
      expect(starts[0]).toBe('2026-10-03T14:00:00.000Z'); // 00:00 at +10:00
      expect(starts[3]).toBe('2026-10-03T15:30:00.000Z'); // 01:30 at +10:00
      expect(starts[4]).toBe('2026-10-03T16:00:00.000Z'); // 03:00 at +11:00
      expect(starts.at(-1)).toBe('2026-10-03T18:30:00.000Z'); // 05:30 at +11:00
    });

    it('offers the hour from 02:00 to 03:00 twice on the first Sunday of April, at different instants', () => {
      const starts = startsOn(zone, '2026-04-05', provider({ workingHours: [sunday('00:00', '06:00')] }));
      // Six wall-clock hours are seven real ones.
      expect(starts).toHaveLength(14);
      expect(starts).toContain('2026-04-04T15:00:00.000Z'); // 02:00 at +11:00
      expect(starts).toContain('2026-04-04T16:00:00.000Z'); // 02:00 again, at +10:00
      expect(new Set(starts).size).toBe(14);
      expect(starts.at(-1)).toBe('2026-04-04T19:30:00.000Z'); // 05:30 at +10:00
    });

    it('starts hours that begin inside the missing hour at the first time that exists', () => {
      const starts = startsOn(zone, '2026-10-04', provider({ workingHours: [sunday('02:30', '05:00')] }));
      expect(starts[0]).toBe('2026-10-03T16:30:00.000Z'); // 03:30 at +11:00
      expect(starts).toHaveLength(3);
    });

    it('uses summer time in January and standard time in July', () => {
      const monday = provider({ workingHours: [{ dayOfWeek: 1, startTime: '09:00', endTime: '09:30' }] });
      expect(startsOn(zone, '2026-01-05', monday)).toEqual(['2026-01-04T22:00:00.000Z']);
      expect(startsOn(zone, '2026-07-06', monday)).toEqual(['2026-07-05T23:00:00.000Z']);
    });
  });

  describe('Australia/Lord_Howe, whose clocks move by 30 minutes', () => {
    it('skips 02:00 to 02:30 on the first Sunday of October', () => {
      const starts = startsOn(
        'Australia/Lord_Howe',
        '2026-10-04',
        provider({ workingHours: [sunday('00:00', '04:00')] }),
      );
      expect(starts).toHaveLength(7);
      expect(starts[0]).toBe('2026-10-03T13:30:00.000Z'); // 00:00 at +10:30
      expect(starts[3]).toBe('2026-10-03T15:00:00.000Z'); // 01:30 at +10:30
      expect(starts[4]).toBe('2026-10-03T15:30:00.000Z'); // 02:30 at +11:00
    });

    it('offers 01:30 to 02:00 twice on the first Sunday of April', () => {
      const starts = startsOn(
        'Australia/Lord_Howe',
        '2026-04-05',
        provider({ workingHours: [sunday('00:00', '04:00')] }),
      );
      expect(starts).toHaveLength(9);
      expect(starts).toContain('2026-04-04T14:30:00.000Z'); // 01:30 at +11:00
      expect(starts).toContain('2026-04-04T15:00:00.000Z'); // 01:30 again, at +10:30
    });
  });

  it.each([
    ['Australia/Brisbane', '2026-10-04', '2026-10-03T14:00:00.000Z'],
    ['Australia/Brisbane', '2026-04-05', '2026-04-04T14:00:00.000Z'],
    ['Australia/Perth', '2026-10-04', '2026-10-03T16:00:00.000Z'],
    ['Australia/Perth', '2026-04-05', '2026-04-04T16:00:00.000Z'],
  ])('%s has no change: six wall-clock hours on %s are six real hours from %s', (zone, date, first) => {
    const starts = startsOn(zone, date, provider({ workingHours: [sunday('00:00', '06:00')] }));
    expect(starts).toHaveLength(12);
    expect(starts[0]).toBe(first);
    expect(new Date(starts.at(-1)!).getTime() - new Date(first).getTime()).toBe(5.5 * 3_600_000);
  });
});

describe('available times and the rules of the organisation', () => {
  const weekdays = provider({
    workingHours: [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '12:00' })),
  });

  it('offers nothing sooner than the minimum notice from now', () => {
    // 10:05 in Sydney on Monday 9 November 2026 (+11:00).
    const now = new Date('2026-11-08T23:05:00.000Z');
    const starts = startsOn('Australia/Sydney', '2026-11-09', weekdays, { ...RULES, minimumNoticeMinutes: 60 }, now);
    // 11:05 at the earliest: only 11:30, which ends as the hours do.
    expect(starts).toEqual(['2026-11-09T00:30:00.000Z']);
    expect(startsOn('Australia/Sydney', '2026-11-09', weekdays, { ...RULES, minimumNoticeMinutes: 0 }, now)[0]).toBe(
      '2026-11-08T23:30:00.000Z',
    );
  });

  it('offers nothing past the advance window', () => {
    const now = new Date('2026-11-08T23:00:00.000Z'); // Monday 10:00 in Sydney
    const days = availableDays(
      dayRange('Australia/Sydney', '2026-11-09', '2026-11-12'),
      SERVICE,
      [weekdays],
      { ...RULES, maximumAdvanceDays: 2 },
      now,
    );
    expect(days.map((day) => day.date)).toEqual(['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12']);
    expect(days[1].slots).toHaveLength(6);
    // Wednesday: up to Wednesday 10:00, exactly two days on.
    expect(days[2].slots.map((slot) => slot.startsAt.toISOString())).toEqual([
      '2026-11-10T22:00:00.000Z',
      '2026-11-10T22:30:00.000Z',
      '2026-11-10T23:00:00.000Z',
    ]);
    expect(days[3].slots).toEqual([]);
  });

  it('puts times on the interval grid counted from the start of working hours', () => {
    const starts = startsOn(
      'Australia/Sydney',
      '2026-11-09',
      provider({ workingHours: [{ dayOfWeek: 1, startTime: '09:10', endTime: '10:10' }] }),
      {
        ...RULES,
        slotIntervalMinutes: 15,
      },
    );
    expect(starts).toEqual(['2026-11-08T22:10:00.000Z', '2026-11-08T22:25:00.000Z', '2026-11-08T22:40:00.000Z']);
  });

  it('leaves out times that overlap time off', () => {
    const timeOff = [{ startsAt: new Date('2026-11-08T22:45:00.000Z'), endsAt: new Date('2026-11-09T00:00:00.000Z') }]; // 09:45 to 11:00
    const starts = startsOn('Australia/Sydney', '2026-11-09', { ...weekdays, timeOff });
    expect(starts).toEqual(['2026-11-08T22:00:00.000Z', '2026-11-09T00:00:00.000Z', '2026-11-09T00:30:00.000Z']);
  });

  it('leaves out times that overlap a confirmed booking, at this location or any other', () => {
    const bookings = [
      {
        serviceDate: new Date('2026-11-08T22:30:00.000Z'),
        endsAt: new Date('2026-11-08T23:15:00.000Z'),
        appointmentTypeId: 'type-other',
        locationId: LOCATION,
      },
      {
        serviceDate: new Date('2026-11-09T00:30:00.000Z'),
        endsAt: new Date('2026-11-09T01:00:00.000Z'),
        appointmentTypeId: 'type-consult',
        locationId: 'location-manly',
      },
    ];
    const starts = startsOn('Australia/Sydney', '2026-11-09', { ...weekdays, bookings });
    // 09:00, then 10:30 and 11:00; 11:30 is taken at Manly.
    expect(starts).toEqual(['2026-11-08T22:00:00.000Z', '2026-11-08T23:30:00.000Z', '2026-11-09T00:00:00.000Z']);
  });

  describe('group sessions', () => {
    const group = { ...SERVICE, maxAttendees: 3 };
    const at = (serviceDate: string, appointmentTypeId = SERVICE.appointmentTypeId) => ({
      serviceDate: new Date(serviceDate),
      endsAt: new Date(new Date(serviceDate).getTime() + 30 * 60_000),
      appointmentTypeId,
      locationId: LOCATION,
    });
    const nineAm = '2026-11-08T22:00:00.000Z';

    it('still offers a session with places left', () => {
      const starts = startsOn(
        'Australia/Sydney',
        '2026-11-09',
        { ...weekdays, bookings: [at(nineAm), at(nineAm)] },
        RULES,
        LONG_BEFORE,
        group,
      );
      expect(starts[0]).toBe(nineAm);
    });

    it('no longer offers a full session', () => {
      const starts = startsOn(
        'Australia/Sydney',
        '2026-11-09',
        { ...weekdays, bookings: [at(nineAm), at(nineAm), at(nineAm)] },
        RULES,
        LONG_BEFORE,
        group,
      );
      expect(starts[0]).toBe('2026-11-08T22:30:00.000Z');
    });

    it('does not share the time with a booking of another type', () => {
      const starts = startsOn(
        'Australia/Sydney',
        '2026-11-09',
        { ...weekdays, bookings: [at(nineAm, 'type-other')] },
        RULES,
        LONG_BEFORE,
        group,
      );
      expect(starts[0]).toBe('2026-11-08T22:30:00.000Z');
    });
  });

  it('keeps a booking that straddles local midnight out of both days', () => {
    const lateShifts = provider({
      workingHours: [
        { dayOfWeek: 1, startTime: '22:00', endTime: '23:59' },
        { dayOfWeek: 2, startTime: '00:00', endTime: '02:00' },
      ],
      // Monday 23:30 to Tuesday 00:30 in Sydney (+11:00).
      bookings: [
        {
          serviceDate: new Date('2026-11-09T12:30:00.000Z'),
          endsAt: new Date('2026-11-09T13:30:00.000Z'),
          appointmentTypeId: 'type-other',
          locationId: LOCATION,
        },
      ],
    });
    const [monday, tuesday] = availableDays(
      dayRange('Australia/Sydney', '2026-11-09', '2026-11-10'),
      SERVICE,
      [lateShifts],
      RULES,
      LONG_BEFORE,
    );
    expect(monday.slots.map((slot) => slot.startsAt.toISOString())).toEqual([
      '2026-11-09T11:00:00.000Z',
      '2026-11-09T11:30:00.000Z',
      '2026-11-09T12:00:00.000Z',
    ]);
    expect(tuesday.slots.map((slot) => slot.startsAt.toISOString())).toEqual([
      '2026-11-09T13:30:00.000Z',
      '2026-11-09T14:00:00.000Z',
      '2026-11-09T14:30:00.000Z',
    ]);
  });

  it('merges providers free at the same time into one slot, and names each', () => {
    const other = {
      ...weekdays,
      providerId: 'provider-sam',
      workingHours: [{ dayOfWeek: 1, startTime: '11:00', endTime: '13:00' }],
    };
    const [day] = availableDays(
      dayRange('Australia/Sydney', '2026-11-09', '2026-11-09'),
      SERVICE,
      [weekdays, other],
      RULES,
      LONG_BEFORE,
    );
    const elevenThirty = day.slots.find((slot) => slot.startsAt.toISOString() === '2026-11-09T00:30:00.000Z');
    expect(elevenThirty).toEqual({
      startsAt: new Date('2026-11-09T00:30:00.000Z'),
      endsAt: new Date('2026-11-09T01:00:00.000Z'),
      providerIds: ['provider-priya', 'provider-sam'],
    });
    expect(day.slots.at(-1)!.providerIds).toEqual(['provider-sam']);
  });
});

describe('the asked days', () => {
  it('covers the local days from the start of the first to the start of the day after the last', () => {
    expect(instantsOf(dayRange('Australia/Sydney', '2026-10-04', '2026-10-04'))).toEqual({
      start: new Date('2026-10-03T14:00:00.000Z'),
      end: new Date('2026-10-04T13:00:00.000Z'),
    });
  });

  it.each([
    ['a malformed date', '2026-1-01', '2026-01-02', 'from'],
    ['a day that does not exist', '2026-02-30', '2026-03-01', 'from'],
    ['to before from', '2026-03-02', '2026-03-01', 'to'],
    ['more than 31 days', '2026-03-01', '2026-04-01', 'to'],
  ])('refuses %s', (_, from, to, field) => {
    expect(() => dayRange('Australia/Sydney', from, to)).toThrow(
      expect.objectContaining({ code: 'validation_failed', errors: [expect.objectContaining({ field })] }),
    );
  });

  it('accepts exactly 31 days', () => {
    expect(() => dayRange('Australia/Sydney', '2026-03-01', '2026-03-31')).not.toThrow();
  });
});
