import { describe, expect, it } from '@jest/globals';
import { daysOf } from './sql-booking.queries.js';

const at = (iso: string) => new Date(iso);

describe('a service date range as whole UTC days and part days', () => {
  it('is whole days alone between two UTC midnights', () => {
    expect(daysOf(at('2027-03-01T00:00:00.000Z'), at('2027-04-01T00:00:00.000Z'))).toEqual({
      days: { from: '2027-03-01', to: '2027-04-01' },
      parts: [],
    });
  });

  it('counts the part days at either end row by row', () => {
    expect(daysOf(at('2027-02-28T13:00:00.000Z'), at('2027-03-03T01:30:00.000Z'))).toEqual({
      days: { from: '2027-03-01', to: '2027-03-03' },
      parts: [
        { from: at('2027-02-28T13:00:00.000Z'), to: at('2027-03-01T00:00:00.000Z') },
        { from: at('2027-03-03T00:00:00.000Z'), to: at('2027-03-03T01:30:00.000Z') },
      ],
    });
  });

  it('leaves a bound that is not given open', () => {
    expect(daysOf(at('2027-03-01T10:00:00.000Z'), undefined)).toEqual({
      days: { from: '2027-03-02', to: undefined },
      parts: [{ from: at('2027-03-01T10:00:00.000Z'), to: at('2027-03-02T00:00:00.000Z') }],
    });
    expect(daysOf(undefined, at('2027-03-01T00:00:00.000Z'))).toEqual({
      days: { from: undefined, to: '2027-03-01' },
      parts: [],
    });
  });

  it('has no whole day in a range within a day or across one midnight, nor in an empty range', () => {
    expect(daysOf(at('2027-03-01T01:00:00.000Z'), at('2027-03-01T05:00:00.000Z'))).toEqual({ parts: [] });
    expect(daysOf(at('2027-03-01T22:00:00.000Z'), at('2027-03-02T07:00:00.000Z'))).toEqual({ parts: [] });
    expect(daysOf(at('2027-04-01T00:00:00.000Z'), at('2027-03-01T00:00:00.000Z'))).toEqual({ parts: [] });
  });
});
