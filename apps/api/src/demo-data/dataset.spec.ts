import { describe, expect, it } from '@jest/globals';
import { type OrganisationPlan, plansFor } from './dataset.js';
import { Prng } from './prng.js';

const total = (plans: OrganisationPlan[]) => plans.reduce((sum, plan) => sum + plan.bookings, 0);

describe('the size of each scale', () => {
  it('bench: 20 organisations, about 500,000 bookings, the largest with 120,000', () => {
    const plans = plansFor('bench', new Prng(42));

    expect(plans).toHaveLength(20);
    expect(Math.abs(total(plans) - 500_000)).toBeLessThanOrEqual(20);
    expect(plans[0].bookings).toBe(120_000);
    expect(Math.max(...plans.slice(1).map((plan) => plan.bookings))).toBeLessThan(120_000);
  });

  it('large: five times bench, 100 organisations, about 2,500,000 bookings, the largest with 600,000', () => {
    const plans = plansFor('large', new Prng(42));

    expect(plans).toHaveLength(100);
    expect(Math.abs(total(plans) - 2_500_000)).toBeLessThanOrEqual(100);
    expect(plans[0]).toMatchObject({ bookings: 600_000, businesses: 16, locations: 40, providers: 200 });
    const others = plans.slice(1).map((plan) => plan.bookings);
    // Drawn like bench's others (10,000 to 30,000, then scaled to their total): none near the largest.
    expect(Math.min(...others)).toBeGreaterThan(5_000);
    expect(Math.max(...others)).toBeLessThan(60_000);
  });

  it("gives the largest organisation's providers and locations as full a diary at both scales", () => {
    const [bench] = plansFor('bench', new Prng(42));
    const [large] = plansFor('large', new Prng(42));

    expect(large.bookings / large.providers).toBe(bench.bookings / bench.providers);
    expect(large.bookings / large.locations).toBe(bench.bookings / bench.locations);
  });

  it('is the same for the same seed, and bench draws as it always did', () => {
    expect(plansFor('large', new Prng(42))).toEqual(plansFor('large', new Prng(42)));
    // The first of bench's other organisations at seed 42: the bench data of earlier runs stays comparable.
    expect(plansFor('bench', new Prng(42))[1].bookings).toBe(24_043);
  });
});
