import { describe, expect, it } from '@jest/globals';
import { limitAndOffset, listWindow } from './list-window.js';
import { SqlParams } from './sql-params.js';

const updatedSince = new Date('2026-03-01T00:00:00.000Z');

describe('list windows and pages', () => {
  it('keeps the list its own order and adds nothing outside sync mode', () => {
    const params = new SqlParams('org');
    expect(listWindow('t', { page: 1, limit: 10 }, 't.created_at desc, t.id desc', params)).toEqual({
      condition: '',
      orderBy: 't.created_at desc, t.id desc',
    });
    expect(params.values).toEqual(['org']);
  });

  it('in sync mode adds the instant to the parameters and orders by the changes', () => {
    const params = new SqlParams('org', true);
    expect(listWindow('t', { page: 1, limit: 10, updatedSince }, 't.created_at desc', params, 'created_at')).toEqual({
      condition: ' and t.created_at >= $3',
      orderBy: 't.created_at, t.id',
    });
    expect(params.values).toEqual(['org', true, updatedSince]);
  });

  it("pages with the page's limit and offset as the next two parameters", () => {
    const params = new SqlParams('org');
    expect(limitAndOffset({ page: 3, limit: 20 }, params)).toBe('limit $2 offset $3');
    expect(params.values).toEqual(['org', 20, 40]);
  });
});
