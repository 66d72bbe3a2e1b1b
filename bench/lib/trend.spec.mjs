import { describe, expect, it } from '@jest/globals';
import { leastSquaresSlope } from './trend.mjs';

describe('leastSquaresSlope', () => {
  it('is the rate of a straight line, in the unit asked for', () => {
    const points = Array.from({ length: 10 }, (_, index) => ({ t: index * 10, y: 200 + index * 0.5 }));
    expect(leastSquaresSlope(points)).toBeCloseTo(0.05, 10);
    expect(leastSquaresSlope(points, 600)).toBeCloseTo(30, 10);
  });

  it('sees no trend in samples that swing around a level, and a fall as negative', () => {
    const symmetric = [190, 210, 210, 190].map((y, index) => ({ t: index * 10, y }));
    expect(leastSquaresSlope(symmetric)).toBe(0);
    expect(
      leastSquaresSlope([
        { t: 0, y: 5 },
        { t: 10, y: 4 },
      ]),
    ).toBeCloseTo(-0.1, 10);
  });

  it('has no answer without two distinct times', () => {
    expect(leastSquaresSlope([])).toBeNull();
    expect(leastSquaresSlope([{ t: 0, y: 1 }])).toBeNull();
    expect(
      leastSquaresSlope([
        { t: 5, y: 1 },
        { t: 5, y: 2 },
      ]),
    ).toBeNull();
  });
});
