import { describe, expect, it } from '@jest/globals';
import { assertIfMatch, etagOf, nextUpdatedAt } from './versions.js';

describe('resource versions', () => {
  const at = new Date('2026-11-22T05:28:59.000Z');

  it('gives every change its own updatedAt, even when the clock has not moved on', () => {
    expect(nextUpdatedAt(at, new Date('2026-11-22T05:30:00.000Z')).toISOString()).toBe('2026-11-22T05:30:00.000Z');
    expect(nextUpdatedAt(at, at).toISOString()).toBe('2026-11-22T05:28:59.001Z');
    expect(nextUpdatedAt(at, new Date('2026-11-22T05:00:00.000Z')).toISOString()).toBe('2026-11-22T05:28:59.001Z');
  });

  it('names a version with a strong ETag that changes with updatedAt', () => {
    expect(etagOf(at)).toMatch(/^"[0-9a-z]+"$/);
    expect(etagOf(at.toISOString())).toBe(etagOf(at));
    expect(etagOf(nextUpdatedAt(at, at))).not.toBe(etagOf(at));
  });

  it('lets a change through only while If-Match names the current version', () => {
    expect(() => assertIfMatch(undefined, at)).not.toThrow();
    expect(() => assertIfMatch(etagOf(at), at)).not.toThrow();
    expect(() => assertIfMatch(`"other", ${etagOf(at)}`, at)).not.toThrow();
    expect(() => assertIfMatch('*', at)).not.toThrow();
    expect(() => assertIfMatch(`W/${etagOf(at)}`, at)).toThrow(
      expect.objectContaining({ code: 'precondition_failed' }),
    );
    expect(() => assertIfMatch(etagOf(nextUpdatedAt(at, at)), at)).toThrow(
      expect.objectContaining({ kind: 'precondition_failed' }),
    );
  });
});
