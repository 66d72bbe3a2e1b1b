import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@app/shared/domain';
import { MAX_METADATA_KEYS, memberMetadata, metadataPath } from './member-metadata.js';

function errorsOf(input: Record<string, unknown>) {
  try {
    memberMetadata(input);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('validation');
    return (error as DomainError).errors;
  }
  throw new Error('expected the metadata to be refused');
}

const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`key${index}`, index]));

describe('member metadata', () => {
  it('is empty when absent', () => {
    expect(memberMetadata(undefined)).toEqual({});
    expect(memberMetadata(null)).toEqual({});
  });

  it('keeps flat strings, numbers, booleans and nulls', () => {
    const metadata = { referralSource: 'front_desk', visits: 3, ratio: 0.5, optIn: false, note: null };
    expect(memberMetadata(metadata)).toEqual(metadata);
  });

  it(`takes ${MAX_METADATA_KEYS} keys and refuses one more`, () => {
    expect(Object.keys(memberMetadata(keys(MAX_METADATA_KEYS)))).toHaveLength(MAX_METADATA_KEYS);
    expect(errorsOf(keys(MAX_METADATA_KEYS + 1))).toEqual([
      expect.objectContaining({ field: 'metadata', code: 'too_many' }),
    ]);
  });

  it('takes keys of 1 to 40 characters', () => {
    expect(memberMetadata({ a: 1, ['k'.repeat(40)]: 2 })).toEqual({ a: 1, ['k'.repeat(40)]: 2 });
    expect(errorsOf({ ['k'.repeat(41)]: 1 })).toEqual([
      expect.objectContaining({ field: `metadata.${'k'.repeat(41)}`, code: 'invalid_key' }),
    ]);
    expect(errorsOf({ '': 1 })).toEqual([expect.objectContaining({ field: 'metadata[""]', code: 'invalid_key' })]);
  });

  it('takes strings of at most 500 characters', () => {
    expect(memberMetadata({ note: 'x'.repeat(500) }).note).toHaveLength(500);
    expect(errorsOf({ note: 'x'.repeat(501) })).toEqual([
      expect.objectContaining({ field: 'metadata.note', code: 'too_long' }),
    ]);
  });

  it('refuses nested objects and arrays, naming each key', () => {
    expect(errorsOf({ address: { city: 'Sydney' }, tags: ['a'], ok: 'yes' })).toEqual([
      expect.objectContaining({ field: 'metadata.address', code: 'invalid_type' }),
      expect.objectContaining({ field: 'metadata.tags', code: 'invalid_type' }),
    ]);
  });

  it('names keys that are not plain names with brackets', () => {
    expect(metadataPath('plan')).toBe('metadata.plan');
    expect(metadataPath('two words')).toBe('metadata["two words"]');
    expect(metadataPath('a.b')).toBe('metadata["a.b"]');
  });
});
