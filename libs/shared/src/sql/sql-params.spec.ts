import { describe, expect, it } from '@jest/globals';
import { SqlParams } from './sql-params.js';

describe('SqlParams', () => {
  it('numbers each value it adds after those it started with', () => {
    const params = new SqlParams('org', true);
    expect(params.add('2026-01-01')).toBe('$3');
    expect(params.add(10)).toBe('$4');
    expect(params.values).toEqual(['org', true, '2026-01-01', 10]);
  });

  it('starts at $1 when given nothing', () => {
    const params = new SqlParams();
    expect(params.values).toEqual([]);
    expect(params.add(['a', 'b'])).toBe('$1');
    expect(params.values).toEqual([['a', 'b']]);
  });

  it('answers a copy of the values, which later values leave as it was', () => {
    const params = new SqlParams('org');
    const filter = params.values;
    params.add(10);
    expect(filter).toEqual(['org']);
    expect(params.values).toEqual(['org', 10]);
  });
});
