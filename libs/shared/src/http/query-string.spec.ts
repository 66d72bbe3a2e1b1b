import { describe, expect, it } from '@jest/globals';
import { parseQueryString } from './query-string.js';

describe('the query string parser', () => {
  it('reads single values as strings', () => {
    expect(parseQueryString('page=2&limit=20&expand=a,b')).toEqual({ page: '2', limit: '20', expand: 'a,b' });
  });

  it('reads repeated keys and `[]` keys as arrays, in order', () => {
    expect(parseQueryString('expand=a&expand=b')).toEqual({ expand: ['a', 'b'] });
    expect(parseQueryString('expand[]=a&expand[]=b')).toEqual({ expand: ['a', 'b'] });
    expect(parseQueryString('expand%5B%5D=a')).toEqual({ expand: ['a'] });
    expect(parseQueryString('status=confirmed&status[]=cancelled')).toEqual({ status: ['confirmed', 'cancelled'] });
  });

  it('decodes values and keeps empty ones', () => {
    expect(parseQueryString('serviceDateMin=2026-11-01T00%3A00%3A00.000Z&q=a+b&empty=')).toEqual({
      serviceDateMin: '2026-11-01T00:00:00.000Z',
      q: 'a b',
      empty: '',
    });
  });

  it('nests nothing, and cannot reach the prototype', () => {
    const parsed = parseQueryString('a[b]=c&__proto__=x&constructor[prototype]=y');
    expect(parsed['a[b]']).toBe('c');
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.keys(parsed)).toEqual(['a[b]', '__proto__', 'constructor[prototype]']);
  });
});
