import { describe, expect, it } from '@jest/globals';
import { keep, keepEntry } from './kept-records.js';

describe("the test gateways' records", () => {
  it('keep the latest 10,000 of a list, forgetting the oldest', () => {
    const list: number[] = [];
    for (let n = 1; n <= 10_002; n++) keep(list, n);
    expect([list.length, list[0], list.at(-1)]).toEqual([10_000, 3, 10_002]);
  });

  it('keep the latest 10,000 entries of a map, forgetting the oldest', () => {
    const map = new Map<string, number>();
    for (let n = 1; n <= 10_001; n++) keepEntry(map, `ref-${n}`, n);
    expect([map.size, map.has('ref-1'), map.get('ref-2'), map.get('ref-10001')]).toEqual([10_000, false, 2, 10_001]);
  });
});
