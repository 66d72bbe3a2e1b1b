// What the bench holds the service to: throughput beside the baselines (interleaved rounds), the
// service's own CPU over a bare Nest app, statements per request of the writes, memory beside the
// baselines', and no errors. Each target is `{ name, measured, limit, result, detail }`, `result`
// one of RESULTS; the results file keeps them as `targets`, and `npm run bench:table` shows them.
import { ratioKey } from './rounds.mjs';

export const RESULTS = { met: 'met', missed: 'missed', notClaimed: 'not claimed', notMeasured: 'not measured' };

/**
 * Throughput of the service ÷ a baseline's, both answering the same requests with the same SQL: the
 * median of the per-round ratios of interleaved rounds (req/s in the round's window of each), claimed
 * only when the rounds agree (see rounds.mjs).
 */
export const RATIO_TARGETS = [
  { scenario: 'A', baseline: 'nest-express', minimum: 0.9 },
  { scenario: 'B', baseline: 'nest-express', minimum: 0.95 },
  { scenario: 'C', baseline: 'node-http-pg', minimum: 0.9 },
  { scenario: 'E', baseline: 'node-http-pg', minimum: 0.9 },
  { scenario: 'G', baseline: 'node-http-pg', minimum: 0.8 },
];

/** The statements one warm request of a write may send (counted in-process, `begin` and `commit` included). */
export const STATEMENT_BUDGETS = {
  createBooking: { scenario: 'G', request: 0, title: 'POST …/bookings', limit: 8 },
  cancelBooking: { scenario: 'G', request: 1, title: 'POST …/bookings/{id}/cancel', limit: 6 },
  checkOut: { scenario: 'J', request: 1, title: 'POST …/bookings/{id}/transactions (fund claim and card)', limit: 20 },
};

/** The service's CPU per request of A over the bare Nest app's: what its own pipeline adds. */
const SERVICE_OVER_NEST_MICROS = 80;
const PAYOUT_RUN_MS = 5000;

/**
 * Each budget's statements from the in-process count (`report.statements`): `{ createBooking:
 * { scenario, request, statements, limit }, … }`; `statements` is null when its scenario did not run.
 */
export function statementBudgets(statementResults) {
  return Object.fromEntries(
    Object.entries(STATEMENT_BUDGETS).map(([key, { scenario, request, title, limit }]) => [
      key,
      {
        scenario,
        request: title,
        statements: statementResults?.[scenario]?.requests?.[request]?.statements ?? null,
        limit,
      },
    ]),
  );
}

/**
 * The highest RSS of each target over the run: its windows' 100 ms samples (`rows[].peakRssMb`) and
 * the kernel's high-water mark read at the end (`peakMemory[name].vmHwmMb`), the same way for all.
 */
export function peakRss(rows, peakMemory) {
  const peaks = {};
  for (const row of rows)
    if (Number.isFinite(row.peakRssMb)) peaks[row.target] = Math.max(peaks[row.target] ?? 0, row.peakRssMb);
  for (const [name, memory] of Object.entries(peakMemory ?? {}))
    if (Number.isFinite(memory?.vmHwmMb)) peaks[name] = Math.max(peaks[name] ?? 0, memory.vmHwmMb);
  return peaks;
}

const range = (summary, digits) => `${summary.min.toFixed(digits)}–${summary.max.toFixed(digits)}`;

/**
 * The targets of a run. `ratios`: per scenario, per baseline key (rounds.mjs); `cpuOverBaseline`: per
 * scenario, per baseline name; `budgets`: `statementBudgets`; `peaks`: `peakRss`; `drifted`: the
 * scenarios whose baselines did not send the service's statements. A ratio whose rounds disagree, or
 * against a baseline that drifted, is "not claimed", whatever its median says; a target whose
 * scenario did not run is "not measured".
 */
export function evaluateTargets({ rows, ratios, cpuOverBaseline, budgets, peaks, drifted = [] }) {
  const targets = [];
  const add = (name, measured, limit, result, detail) => targets.push({ name, measured, limit, result, detail });
  const judge = (measured, holds) =>
    measured === null || measured === undefined ? RESULTS.notMeasured : holds ? RESULTS.met : RESULTS.missed;

  for (const { scenario, baseline, minimum } of RATIO_TARGETS) {
    const ratio = ratios?.[scenario]?.[ratioKey(baseline)];
    const measured = ratio?.median ?? null;
    const drift = drifted.includes(scenario);
    add(
      `${scenario} ≥ ${minimum.toFixed(2)}× ${baseline}`,
      measured === null ? null : Number(measured.toFixed(2)),
      minimum,
      measured === null
        ? RESULTS.notMeasured
        : !ratio.stable || drift
          ? RESULTS.notClaimed
          : judge(measured, measured >= minimum),
      measured === null
        ? 'throughput ratio'
        : `× throughput (median of ${ratio.complete} interleaved rounds, ${range(ratio, 2)}; ${drift ? "the baseline's statements differ from the service's" : ratio.verdict})`,
    );
  }

  const added = cpuOverBaseline?.A?.['nest-express'];
  const addedMedian = added?.median ?? null;
  add(
    `A: service CPU − nest-express ≤ ${SERVICE_OVER_NEST_MICROS} µs/req`,
    addedMedian,
    SERVICE_OVER_NEST_MICROS,
    judge(addedMedian, addedMedian <= SERVICE_OVER_NEST_MICROS),
    addedMedian === null ? 'µs' : `µs (median of per-round differences, ${range(added, 0)})`,
  );

  for (const budget of Object.values(budgets ?? {})) {
    add(
      `${budget.scenario} ${budget.request}: ≤ ${budget.limit} statements`,
      budget.statements,
      budget.limit,
      judge(budget.statements, budget.statements <= budget.limit),
      'statements (one warm request, counted in-process)',
    );
  }

  const k = rows.find((row) => row.target === 'service' && row.scenario === 'K');
  const payoutMs = k?.latencyMs.p99 ?? null;
  add(
    'K payout run < 5 s',
    payoutMs,
    PAYOUT_RUN_MS,
    judge(payoutMs, payoutMs < PAYOUT_RUN_MS),
    'ms (one request, end to end)',
  );

  const baselinePeaks = Object.entries(peaks ?? {}).filter(([name]) => name !== 'service' && name !== 'compare');
  const servicePeak = peaks?.service ?? null;
  const highest = baselinePeaks.length ? Math.max(...baselinePeaks.map(([, peak]) => peak)) : null;
  add(
    "peak RSS ≤ the baselines' peaks",
    servicePeak,
    highest,
    highest === null ? RESULTS.notMeasured : judge(servicePeak, servicePeak <= highest),
    `MB (max of 100 ms VmRSS samples and VmHWM${baselinePeaks.length ? `; ${baselinePeaks.map(([name, peak]) => `${name} ${peak} MB`).join(', ')}` : ''})`,
  );

  const withErrors = rows.filter((row) => row.target === 'service' && row.errors > 0);
  add(
    'no scenario errors',
    withErrors.reduce((sum, row) => sum + row.errors, 0),
    0,
    withErrors.length === 0 ? RESULTS.met : RESULTS.missed,
    withErrors.map((row) => `${row.scenario}: ${row.errors}`).join(', ') || 'none',
  );
  return targets;
}

/**
 * The targets of a results file, as `evaluateTargets` gives them: runs from before this format kept
 * `{ name, value, pass, detail }` (`pass` null: not claimed or not measured). (`npm run bench:table`
 * reads the committed bench/results/latest.json, which may be such a run.)
 */
export function targetsOf(report) {
  return (report.targets ?? []).map((target) =>
    'result' in target
      ? target
      : {
          name: target.name,
          measured: target.value,
          limit: null,
          result:
            target.pass === null
              ? target.value === null
                ? RESULTS.notMeasured
                : RESULTS.notClaimed
              : target.pass
                ? RESULTS.met
                : RESULTS.missed,
          detail: target.detail,
        },
  );
}

/** Rows of the targets table: name, what was measured, the result. */
export const targetRows = (targets) =>
  targets.map((target) => [target.name, `${target.measured ?? '–'} ${target.detail}`, target.result]);

/**
 * The ratios of a results file, `{ <scenario>: { <baseline key>: { median, min, max, rounds, … } } }`
 * as `compareRounds` gives them: runs from before this format keyed them `vsNestExpress`, with the
 * per-round values in `values` and their count in `rounds`.
 */
export function ratiosOf(report) {
  return Object.fromEntries(
    Object.entries(report.ratios ?? {}).map(([scenario, ratios]) => [
      scenario,
      Object.fromEntries(
        Object.entries(ratios).map(([key, ratio]) =>
          Array.isArray(ratio.rounds)
            ? [key, ratio]
            : [
                key.replace(/^vs(\w)/, (_, letter) => letter.toLowerCase()),
                { ...ratio, rounds: ratio.values, complete: ratio.rounds },
              ],
        ),
      ),
    ]),
  );
}
