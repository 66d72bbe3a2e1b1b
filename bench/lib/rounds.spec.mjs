import { compareRounds, interleavedPlan, median, ratioKey, summarise, targetSummary } from './rounds.mjs';
import { addStatements, statementCosts } from './statement-stats.mjs';

const window = (round, target, requestsPerSecond, extra = {}) => ({
  round,
  target,
  scenario: 'A',
  connections: 8,
  durationSeconds: 5,
  requests: requestsPerSecond * 5,
  requestsPerSecond,
  latencyMs: { p50: 3, p90: 5, p99: 10, max: 20 },
  errors: 0,
  statusCodes: { 200: requestsPerSecond * 5 },
  cpuMicrosPerRequest: 500,
  otherCpuUtilisation: 0.05,
  peakRssMb: 200,
  ...extra,
});

/** Windows of the service and one baseline: `[[service req/s, baseline req/s], …]`, a pair per round. */
const pairs = (baseline, rounds) =>
  rounds.flatMap(([service, other], index) => [
    window(index + 1, 'service', service),
    ...(other === undefined ? [] : [window(index + 1, baseline, other)]),
  ]);

describe('interleaved rounds', () => {
  it('measures every target once per round, the service first and nest-express next to it', () => {
    const plan = interleavedPlan(['service', 'node-http-pg', 'nest-express'], 3);

    expect(plan.map((step) => `${step.round}:${step.target}`)).toEqual([
      '1:service',
      '1:nest-express',
      '1:node-http-pg',
      '2:service',
      '2:nest-express',
      '2:node-http-pg',
      '3:service',
      '3:nest-express',
      '3:node-http-pg',
    ]);
  });

  it('keys each ratio by its baseline, so a script reads ratios.<scenario>.nodeHttpPg', () => {
    expect(['nest-express', 'node-http-pg', 'compare'].map(ratioKey)).toEqual(['nestExpress', 'nodeHttpPg', 'compare']);
    const windows = [1, 2, 3].flatMap((round) => [window(round, 'service', 900), window(round, 'node-http-pg', 1000)]);

    const { ratios, cpuRatios } = compareRounds(windows, { maxSpread: 0.1 });

    expect(Object.keys(ratios)).toEqual(['nodeHttpPg']);
    expect(Object.keys(cpuRatios)).toEqual(['nodeHttpPg']);
    expect(Object.keys(ratios.nodeHttpPg).sort()).toEqual([
      'complete',
      'max',
      'maxSpread',
      'median',
      'min',
      'rounds',
      'spread',
      'stable',
      'verdict',
    ]);
  });

  it('claims the median of the per-round ratios when the rounds agree within the allowed spread', () => {
    // The machine slows down in round 3 for both targets alike: the ratio does not move.
    const windows = pairs('nest-express', [
      [900, 1000],
      [920, 1000],
      [450, 500],
    ]);

    const { ratios } = compareRounds(windows, { maxSpread: 0.1 });

    expect(ratios.nestExpress).toMatchObject({
      median: 0.9,
      min: 0.9,
      max: 0.92,
      rounds: [0.9, 0.92, 0.9],
      complete: 3,
      stable: true,
    });
    expect(ratios.nestExpress.verdict).toBe('rounds agree within 2.2 %');
  });

  it('claims nothing when the rounds disagree by more than the allowed spread', () => {
    const windows = pairs('nest-express', [
      [900, 1000],
      [700, 1000],
      [880, 1000],
    ]);

    const { ratios } = compareRounds(windows, { maxSpread: 0.1 });

    expect(ratios.nestExpress.median).toBe(0.88);
    expect(ratios.nestExpress.stable).toBe(false);
    expect(ratios.nestExpress.verdict).toBe('ROUNDS DISAGREE by 22.7 % (> 10.0 %): no result claimed');
  });

  it('claims nothing from fewer than three complete rounds', () => {
    const windows = pairs('nest-express', [[900, 1000], [900, 1000], [900]]);

    const { ratios } = compareRounds(windows, { maxSpread: 0.1 });

    expect(ratios.nestExpress).toMatchObject({ rounds: [0.9, 0.9, null], complete: 2, stable: false });
    expect(ratios.nestExpress.verdict).toMatch(/^only 2 complete round/);
  });

  it("gives the service's CPU over each baseline as the median of per-round differences", () => {
    const windows = [
      window(1, 'service', 900, { cpuMicrosPerRequest: 560 }),
      window(1, 'node-http-pg', 1500, { cpuMicrosPerRequest: 250 }),
      window(2, 'service', 900, { cpuMicrosPerRequest: 600 }),
      window(2, 'node-http-pg', 1500, { cpuMicrosPerRequest: 260 }),
      window(3, 'service', 900, { cpuMicrosPerRequest: 800 }),
      window(3, 'node-http-pg', 1500, { cpuMicrosPerRequest: 300 }),
    ];

    const { cpuOverBaseline, ratios } = compareRounds(windows, { maxSpread: 0.1 });

    expect(cpuOverBaseline['node-http-pg']).toMatchObject({ median: 340, min: 310, max: 500 });
    expect(Object.keys(ratios)).toEqual(['nodeHttpPg']);
  });

  it("compares another build's CPU per request round by round, and claims no ratio when the rounds disagree", () => {
    const windows = [
      window(1, 'service', 300, { cpuMicrosPerRequest: 1890 }),
      window(1, 'compare', 320, { cpuMicrosPerRequest: 1800 }),
      window(2, 'service', 310, { cpuMicrosPerRequest: 2100 }),
      window(2, 'compare', 330, { cpuMicrosPerRequest: 2000 }),
      window(3, 'service', 305, { cpuMicrosPerRequest: 2400 }),
      window(3, 'compare', 300, { cpuMicrosPerRequest: 2000 }),
    ];

    const { cpuRatios } = compareRounds(windows, { maxSpread: 0.1 });

    expect(cpuRatios.compare).toMatchObject({
      median: 1.05,
      min: 1.05,
      max: 1.2,
      rounds: [1.05, 1.05, 1.2],
      complete: 3,
      stable: false,
    });
    expect(
      compareRounds(
        windows
          .slice(0, 4)
          .concat(
            window(3, 'service', 305, { cpuMicrosPerRequest: 2140 }),
            window(3, 'compare', 300, { cpuMicrosPerRequest: 2000 }),
          ),
        { maxSpread: 0.1 },
      ).cpuRatios.compare,
    ).toMatchObject({ median: 1.05, max: 1.07, stable: true });
  });

  it("sums a target's rounds into one row: medians, the worst peak RSS and other cores, all errors", () => {
    const row = targetSummary([
      window(1, 'service', 900, {
        peakRssMb: 210,
        otherCpuUtilisation: 0.4,
        errors: 2,
        statusCodes: { 200: 4498, 500: 2 },
      }),
      window(2, 'service', 1000, { peakRssMb: 250 }),
      window(3, 'service', 950, { peakRssMb: 230 }),
    ]);

    expect(row).toMatchObject({
      target: 'service',
      rounds: 3,
      requestsPerSecond: 950,
      peakRssMb: 250,
      otherCpuUtilisation: 0.4,
      errors: 2,
    });
    expect(row.statusCodes).toEqual({ 200: 4498 + 5000 + 4750, 500: 2 });
    expect(row.spread.requestsPerSecond).toMatchObject({ min: 900, max: 1000, spread: 0.105 });
  });

  it('takes the middle of an even number of values and ignores missing ones', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([null, 5, undefined])).toBe(5);
    expect(summarise([]).median).toBeNull();
  });
});

describe('pg_stat_statements costs', () => {
  it('adds the windows of a scenario by statement and divides by the requests answered', () => {
    const row = (calls, planMs, execMs) => ({
      id: '42',
      query: 'select count(*)::int as total\n  from providers where organisation_id = $1',
      calls,
      plans: calls,
      planMs,
      execMs,
      rows: calls,
      sharedBlocksHit: 6 * calls,
      sharedBlocksRead: 0,
    });
    const rare = { ...row(1, 0.5, 0.5), id: '7', query: 'select 1' };
    const totals = addStatements(addStatements({}, [row(1000, 40, 60)]), [row(1000, 40, 62), rare]);

    const costs = statementCosts(totals, 2000);

    expect(costs).toMatchObject({
      requests: 2000,
      statementsPerRequest: 1,
      planMicrosPerRequest: 40,
      execMicrosPerRequest: 61,
    });
    expect(costs.statements[0]).toMatchObject({
      query: 'select count(*)::int as total from providers where organisation_id = $1',
      callsPerRequest: 1,
      planMicrosPerCall: 40,
      execMicrosPerCall: 61,
      sharedBlocksPerCall: 6,
    });
    expect(costs.statements).toHaveLength(2);
  });
});
