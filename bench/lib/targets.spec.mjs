import { describe, expect, it } from '@jest/globals';
import { compareRounds } from './rounds.mjs';
import { statementShape, writeShape } from './statements.mjs';
import { evaluateTargets, peakRss, ratiosOf, RESULTS, statementBudgets, targetsOf } from './targets.mjs';

const window = (round, target, requestsPerSecond, extra = {}) => ({
  round,
  target,
  requestsPerSecond,
  cpuMicrosPerRequest: 1000,
  latencyMs: { p50: 3, p90: 5, p99: 10, max: 20 },
  errors: 0,
  peakRssMb: 100,
  ...extra,
});

/** The ratios of one scenario whose service ran at `service` req/s beside a baseline at `baseline`, round by round. */
const ratiosOfRounds = (baseline, pairs) =>
  compareRounds(
    pairs.flatMap(([service, other], index) => [
      window(index + 1, 'service', service),
      window(index + 1, baseline, other),
    ]),
    { maxSpread: 0.1 },
  ).ratios;

const serviceRow = (scenario, extra = {}) => ({
  target: 'service',
  scenario,
  errors: 0,
  peakRssMb: 200,
  latencyMs: { p99: 50 },
  ...extra,
});

const byName = (targets) => Object.fromEntries(targets.map((target) => [target.name, target]));

describe('the targets of a run', () => {
  it('holds C, E and G to their ratio of node-http-pg: met, missed, or not claimed when the rounds disagree', () => {
    const ratios = {
      C: ratiosOfRounds('node-http-pg', [
        [92, 100],
        [46, 50],
        [93, 100],
      ]),
      E: ratiosOfRounds('node-http-pg', [
        [85, 100],
        [86, 100],
        [85, 100],
      ]),
      G: ratiosOfRounds('node-http-pg', [
        [60, 100],
        [90, 100],
        [85, 100],
      ]),
    };

    const targets = byName(evaluateTargets({ rows: [], ratios, cpuOverBaseline: {}, budgets: {}, peaks: {} }));

    expect(targets['C ≥ 0.90× node-http-pg']).toMatchObject({ measured: 0.92, limit: 0.9, result: RESULTS.met });
    expect(targets['E ≥ 0.90× node-http-pg']).toMatchObject({ measured: 0.85, limit: 0.9, result: RESULTS.missed });
    expect(targets['G ≥ 0.80× node-http-pg']).toMatchObject({ measured: 0.85, limit: 0.8, result: RESULTS.notClaimed });
    expect(targets['G ≥ 0.80× node-http-pg'].detail).toMatch(/ROUNDS DISAGREE/);
    expect(targets['A ≥ 0.90× nest-express']).toMatchObject({ measured: null, result: RESULTS.notMeasured });
  });

  it('claims no ratio against a baseline that did not send the service’s statements', () => {
    const ratios = {
      C: ratiosOfRounds('node-http-pg', [
        [92, 100],
        [92, 100],
        [93, 100],
      ]),
    };

    const [target] = evaluateTargets({
      rows: [],
      ratios,
      cpuOverBaseline: {},
      budgets: {},
      peaks: {},
      drifted: ['C'],
    }).filter((one) => one.name.startsWith('C '));

    expect(target).toMatchObject({ measured: 0.92, result: RESULTS.notClaimed });
    expect(target.detail).toContain("the baseline's statements differ from the service's");
  });

  it('keeps A and B against nest-express and the service’s own CPU over it, and retires the absolute times', () => {
    const ratios = {
      A: ratiosOfRounds('nest-express', [
        [95, 100],
        [94, 100],
        [95, 100],
      ]),
    };
    const cpuOverBaseline = { A: { 'nest-express': { median: 85, min: 70, max: 95 } } };

    const targets = evaluateTargets({
      rows: [serviceRow('C', { latencyMs: { p99: 1500 } })],
      ratios,
      cpuOverBaseline,
      budgets: {},
      peaks: {},
    });

    expect(byName(targets)['A ≥ 0.90× nest-express']).toMatchObject({ measured: 0.95, result: RESULTS.met });
    expect(byName(targets)['A: service CPU − nest-express ≤ 80 µs/req']).toMatchObject({
      measured: 85,
      limit: 80,
      result: RESULTS.missed,
    });
    expect(targets.map((target) => target.name).filter((name) => /p99|PostgreSQL|256 MB|J CPU/.test(name))).toEqual([]);
  });

  it('gives each write its own statement budget, from its request in the in-process count', () => {
    const counted = {
      G: { perRequest: 7, requests: [{ statements: 8 }, { statements: 6 }] },
      J: { perRequest: 17, requests: [{ statements: 8 }, { statements: 26 }] },
    };

    const budgets = statementBudgets(counted);
    const targets = byName(evaluateTargets({ rows: [], ratios: {}, cpuOverBaseline: {}, budgets, peaks: {} }));

    expect(budgets).toEqual({
      createBooking: { scenario: 'G', request: 'POST …/bookings', statements: 8, limit: 8 },
      cancelBooking: { scenario: 'G', request: 'POST …/bookings/{id}/cancel', statements: 6, limit: 6 },
      checkOut: {
        scenario: 'J',
        request: 'POST …/bookings/{id}/transactions (fund claim and card)',
        statements: 26,
        limit: 20,
      },
    });
    expect(targets['G POST …/bookings: ≤ 8 statements'].result).toBe(RESULTS.met);
    expect(targets['G POST …/bookings/{id}/cancel: ≤ 6 statements'].result).toBe(RESULTS.met);
    expect(targets['J POST …/bookings/{id}/transactions (fund claim and card): ≤ 20 statements']).toMatchObject({
      measured: 26,
      result: RESULTS.missed,
    });
    expect(statementBudgets({}).createBooking.statements).toBeNull();
  });

  it('measures every process’s peak RSS the same way, and holds the service to the baselines’ peaks', () => {
    const rows = [
      serviceRow('A', { peakRssMb: 180 }),
      { target: 'node-http-pg', scenario: 'A', peakRssMb: 95 },
      { target: 'nest-express', scenario: 'A', peakRssMb: 120 },
      { target: 'node-http-pg', scenario: 'C', peakRssMb: 140 },
    ];
    const peakMemory = {
      service: { vmHwmMb: 190 },
      'node-http-pg': { vmHwmMb: 110 },
      'nest-express': { vmHwmMb: 125 },
    };

    const peaks = peakRss(rows, peakMemory);
    const target = byName(evaluateTargets({ rows, ratios: {}, cpuOverBaseline: {}, budgets: {}, peaks }))[
      "peak RSS ≤ the baselines' peaks"
    ];

    expect(peaks).toEqual({ service: 190, 'node-http-pg': 140, 'nest-express': 125 });
    expect(target).toMatchObject({ measured: 190, limit: 140, result: RESULTS.missed });
    expect(target.detail).toContain('node-http-pg 140 MB, nest-express 125 MB');
    expect(
      byName(evaluateTargets({ rows, ratios: {}, cpuOverBaseline: {}, budgets: {}, peaks: { service: 190 } }))[
        "peak RSS ≤ the baselines' peaks"
      ].result,
    ).toBe(RESULTS.notMeasured);
  });

  it('counts the service’s errors and times the payout run', () => {
    const rows = [
      serviceRow('A', { errors: 2 }),
      serviceRow('K', { latencyMs: { p99: 1003 } }),
      { target: 'node-http-pg', scenario: 'A', errors: 5 },
    ];

    const targets = byName(evaluateTargets({ rows, ratios: {}, cpuOverBaseline: {}, budgets: {}, peaks: {} }));

    expect(targets['no scenario errors']).toMatchObject({
      measured: 2,
      limit: 0,
      result: RESULTS.missed,
      detail: 'A: 2',
    });
    expect(targets['K payout run < 5 s']).toMatchObject({ measured: 1003, limit: 5000, result: RESULTS.met });
  });
});

describe('results files of earlier runs', () => {
  it('reads their targets and ratios in the current shape', () => {
    const earlier = {
      targets: [
        { name: 'A ≥ 0.90× nest-express', value: 1.01, pass: null, detail: '× (…)' },
        { name: 'K payout run < 5 s', value: 1003, pass: true, detail: 'ms' },
        { name: 'D p99 < 100 ms', value: null, pass: null, detail: 'ms' },
      ],
      ratios: {
        A: {
          vsNestExpress: { median: 1.01, min: 0.53, max: 1.85, values: [0.75, 1.85, 0.53], rounds: 3, verdict: 'v' },
        },
      },
    };

    expect(targetsOf(earlier).map((target) => [target.measured, target.result])).toEqual([
      [1.01, RESULTS.notClaimed],
      [1003, RESULTS.met],
      [null, RESULTS.notMeasured],
    ]);
    expect(ratiosOf(earlier)).toEqual({
      A: { nestExpress: expect.objectContaining({ median: 1.01, rounds: [0.75, 1.85, 0.53], complete: 3 }) },
    });
  });
});

describe('the statements of a write', () => {
  it('are compared without the values the ORM writes into them', () => {
    expect(
      statementShape(
        `update "bookings" set "cancelled_at" = '2031-01-01T00:00:00.000Z', "paid" = false where "id" = 'it''s' and "b0"."n" > 12.5 limit 1`,
      ),
    ).toBe(`update "bookings" set "cancelled_at" = '?', "paid" = false where "id" = '?' and "b0"."n" > ? limit ?`);
    expect(statementShape('select b.id from bookings b where b.organisation_id = $1 and b.id = any($2)')).toBe(
      'select b.id from bookings b where b.organisation_id = $1 and b.id = any($2)',
    );
  });

  it('hold their transaction in order, and what goes side by side before it in any order', () => {
    const write = (reads) => ({
      texts: [...reads, 'begin', `select 1 from b where id = 'x'`, 'insert into e values ($1)', 'commit'],
      names: [...reads.map((read) => `name_${read}`), null, null, null, null],
    });

    expect(writeShape(write(['c', 'p']))).toEqual(writeShape(write(['p', 'c'])));
    expect(writeShape(write(['c']))).toEqual({
      outside: ['name_c c'],
      transaction: [
        'unnamed begin',
        "unnamed select ? from b where id = '?'",
        'unnamed insert into e values ($1)',
        'unnamed commit',
      ],
    });
    const reordered = write(['c']);
    reordered.texts.splice(2, 2, reordered.texts[3], reordered.texts[2]);
    expect(writeShape(reordered)).not.toEqual(writeShape(write(['c'])));
  });
});
