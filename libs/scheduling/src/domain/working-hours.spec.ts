import { describe, expect, it } from '@jest/globals';
import { weekOfWorkingHours } from './working-hours.js';

const at = (dayOfWeek: number, startTime: string, endTime: string, locationId = 'location-bondi') => ({
  locationId,
  dayOfWeek,
  startTime,
  endTime,
});
const fieldsOf = (work: () => unknown): string[] => {
  try {
    work();
  } catch (error) {
    return (error as { errors: { field: string; code: string }[] }).errors.map((e) => `${e.field} ${e.code}`);
  }
  throw new Error('expected a validation error');
};

describe('a week of working hours', () => {
  it('keeps stretches that touch but do not overlap, and the same hours on other days', () => {
    const week = weekOfWorkingHours('org', 'provider', [
      at(1, '09:00', '12:00'),
      at(1, '12:00', '17:00', 'location-manly'),
      at(2, '09:00', '17:00'),
    ]);
    expect(week.map((hours) => [hours.dayOfWeek, hours.startTime, hours.endTime, hours.locationId])).toEqual([
      [1, '09:00', '12:00', 'location-bondi'],
      [1, '12:00', '17:00', 'location-manly'],
      [2, '09:00', '17:00', 'location-bondi'],
    ]);
  });

  it('refuses a stretch that does not end after it starts', () => {
    expect(
      fieldsOf(() => weekOfWorkingHours('org', 'provider', [at(1, '17:00', '09:00'), at(2, '09:00', '09:00')])),
    ).toEqual(['items[0].endTime not_after_start', 'items[1].endTime not_after_start']);
  });

  it.each(['9:00', '24:00', '09:60', '09:00:00', 'nine'])('refuses the time %s', (time) => {
    expect(fieldsOf(() => weekOfWorkingHours('org', 'provider', [at(1, time, '23:00')]))).toEqual([
      'items[0].startTime invalid_format',
    ]);
  });

  it('refuses two stretches of one day that overlap, even at two locations', () => {
    expect(
      fieldsOf(() =>
        weekOfWorkingHours('org', 'provider', [at(3, '09:00', '13:00'), at(3, '12:30', '17:00', 'location-manly')]),
      ),
    ).toEqual(['items[1] overlapping_hours']);
  });
});
