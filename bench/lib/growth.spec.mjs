import { deepPageOf, growthOf, judgedRatio, totalCpuOf } from './growth.mjs';

/** One measured window: `[service µs/req, PostgreSQL µs/req]` of `scale` in `round`. */
const window = (scenario, round, target, [service, db], extra = {}) => ({
  scenario,
  round,
  target,
  requestsPerSecond: 100,
  cpuMicrosPerRequest: service,
  dbCpuMicrosPerRequest: db,
  otherCpuUtilisation: 0.02,
  ...extra,
});

/** Windows of one scenario: a `[bench, large]` pair of CPU readings per round. */
const rounds = (scenario, pairs) =>
  pairs.flatMap(([bench, large], index) => [
    window(scenario, index + 1, 'bench', bench),
    window(scenario, index + 1, 'large', large),
  ]);

describe('growth from bench to large', () => {
  it('adds the service and PostgreSQL, and has no total when either is unknown', () => {
    expect(totalCpuOf(window('B', 1, 'bench', [1200, 800]))).toBe(2000);
    expect(totalCpuOf(window('B', 1, 'bench', [1200, null]))).toBeNull();
  });

  it('divides large by bench within each round, and reports the median and the spread of the rounds', () => {
    const windows = rounds('B', [
      [
        [1000, 1000],
        [1100, 1100],
      ],
      [
        [1000, 1000],
        [1000, 1400],
      ],
      [
        [1200, 800],
        [1000, 1000],
      ],
    ]);

    const { B } = growthOf(windows, ['B'], { maxSpread: 0.1 });

    expect(B.large_over_bench).toMatchObject({ median: 1.1, min: 1, max: 1.2, rounds: 3, target: 1.15, met: true });
    expect(B.db_large_over_bench).toMatchObject({ median: 1.25, min: 1.1, max: 1.4 });
    expect(B.service_large_over_bench.median).toBe(1);
    expect(B.bench.cpuMicrosPerRequest.median).toBe(2000);
    expect(B.large.cpuMicrosPerRequest.median).toBe(2200);
  });

  it('claims a met target only when the rounds agree or all of them meet it', () => {
    expect(judgedRatio([1.05, 1.1, 1.12], { target: 1.15, maxSpread: 0.1 }).verdict).toBe('met');
    expect(judgedRatio([0.9, 1.1, 1.14], { target: 1.15, maxSpread: 0.1 }).verdict).toBe('met');
    expect(judgedRatio([0.9, 1.1, 1.4], { target: 1.15, maxSpread: 0.1 }).verdict).toMatch(
      /^met at the median; rounds spread 46 %/,
    );
    expect(judgedRatio([1.3, 1.35, 1.4], { target: 1.15, maxSpread: 0.1 }).verdict).toBe('missed');
    expect(judgedRatio([1.2, 1.3, 2], { target: 1.15, maxSpread: 0.1 }).verdict).toBe('missed');
    expect(judgedRatio([1.2, null], { target: 1.15, maxSpread: 0.1 }).verdict).toMatch(/^only 1 complete round/);
  });

  it("holds D's page 400 against its page 1 of the same round, at each scale", () => {
    const windows = [
      ...rounds('D', [
        [
          [1000, 1000],
          [1000, 1600],
        ],
        [
          [1000, 1000],
          [1000, 2000],
        ],
        [
          [1000, 1000],
          [1000, 1800],
        ],
      ]),
      ...rounds('D1', [
        [
          [1000, 800],
          [1000, 1000],
        ],
        [
          [1000, 600],
          [1000, 1000],
        ],
        [
          [1000, 1000],
          [1000, 1000],
        ],
      ]),
    ];

    const deep = deepPageOf(windows, { deep: 'D', first: 'D1', maxSpread: 0.2 });

    expect(deep.page400_over_page1).toMatchObject({ median: 1.4, min: 1.3, max: 1.5, met: true });
    expect(deep.bench_page400_over_page1).toMatchObject({ median: 1.111, min: 1, max: 1.25 });
  });
});
