import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@app/shared/domain';
import { occurrencesOf } from './repeat.js';

const SYDNEY = 'Australia/Sydney';
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const sydneyWallClock = (date: Date) =>
  new Intl.DateTimeFormat('en-AU', {
    timeZone: SYDNEY,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);

describe('occurrencesOf', () => {
  it('keeps 09:00 in Sydney across the end of daylight saving on the first Sunday of April', () => {
    // Monday 29 March 2027, 09:00 AEDT (UTC+11); daylight saving ends on Sunday 4 April.
    const weekly = occurrencesOf(new Date('2027-03-28T22:00:00.000Z'), SYDNEY, { frequency: 'weekly', count: 3 });
    expect(iso(weekly)).toEqual(['2027-03-28T22:00:00.000Z', '2027-04-04T23:00:00.000Z', '2027-04-11T23:00:00.000Z']);
    expect(weekly.map(sydneyWallClock)).toEqual(['Mon 09:00', 'Mon 09:00', 'Mon 09:00']);
  });

  it('steps a fortnight at a time', () => {
    const fortnightly = occurrencesOf(new Date('2027-03-28T22:00:00.000Z'), SYDNEY, {
      frequency: 'fortnightly',
      count: 3,
    });
    expect(iso(fortnightly)).toEqual([
      '2027-03-28T22:00:00.000Z',
      '2027-04-11T23:00:00.000Z',
      '2027-04-25T23:00:00.000Z',
    ]);
  });

  it('moves a time the start of daylight saving skips forward by the change, and keeps the wall-clock time after it', () => {
    // Sundays at 02:30: on 3 October 2027 clocks go from 02:00 to 03:00 in Sydney.
    const sundays = occurrencesOf(new Date('2027-09-25T16:30:00.000Z'), SYDNEY, { frequency: 'weekly', count: 3 });
    expect(sundays.map(sydneyWallClock)).toEqual(['Sun 02:30', 'Sun 03:30', 'Sun 02:30']);
  });

  it('takes 2 to 52 occurrences, and refuses a count outside them or a frequency it does not know', () => {
    const first = new Date('2027-03-28T22:00:00.000Z');
    expect(occurrencesOf(first, SYDNEY, { frequency: 'weekly', count: 52 })).toHaveLength(52);
    for (const count of [1, 53, 2.5]) {
      expect(() => occurrencesOf(first, SYDNEY, { frequency: 'weekly', count })).toThrow(DomainError);
    }
    expect(() => occurrencesOf(first, SYDNEY, { frequency: 'daily' as 'weekly', count: 2 })).toThrow(DomainError);
  });
});
