// `npm run bench:growth`: what a request costs at the `large` scale against the `bench` scale, from
// interleaved rounds (bench, large, bench, large, …). Pure functions over measured windows, so
// the ratios and verdicts are tested without a database (growth.spec.mjs).
import { summarise } from './rounds.mjs';
import { table } from './report.mjs';

export const SCALES = ['bench', 'large'];
/** large ÷ bench of CPU per request (service plus PostgreSQL) that a scenario may reach. */
export const GROWTH_TARGET = 1.15;
/** D's page 400 ÷ its page 1, CPU per request, at each scale. */
export const DEEP_PAGE_TARGET = 1.5;

/** Service plus PostgreSQL CPU per request of one window; null when either is unknown. */
export function totalCpuOf(window) {
  if (window?.cpuMicrosPerRequest == null || window?.dbCpuMicrosPerRequest == null) return null;
  return window.cpuMicrosPerRequest + window.dbCpuMicrosPerRequest;
}

/** The windows of one scenario, keyed `round → scale → window`. */
function byRound(windows, scenario) {
  const rounds = new Map();
  for (const window of windows.filter((one) => one.scenario === scenario)) {
    if (!rounds.has(window.round)) rounds.set(window.round, {});
    rounds.get(window.round)[window.target] = window;
  }
  return [...rounds.keys()].sort((a, b) => a - b).map((round) => rounds.get(round));
}

const ratioOf = (numerator, denominator) => (numerator != null && denominator ? numerator / denominator : null);

/**
 * A summary of per-round ratios with its verdict against `target` (at most): met when the median
 * is within it, and claimed only when at least three rounds agree within `maxSpread`.
 */
export function judgedRatio(values, { target, maxSpread }) {
  const summary = summarise(values, 3);
  const rounds = values.filter((value) => value !== null).length;
  const stable = rounds >= 3 && summary.spread !== null && summary.spread <= maxSpread;
  const met = summary.median !== null && summary.median <= target;
  let verdict;
  if (rounds < 3) verdict = `only ${rounds} complete round(s): no result (3 needed)`;
  else if (met && (stable || summary.max <= target)) verdict = 'met';
  else if (met)
    verdict = `met at the median; rounds spread ${(summary.spread * 100).toFixed(0)} % (> ${(maxSpread * 100).toFixed(0)} %)`;
  else if (stable || summary.min > target) verdict = 'missed';
  else
    verdict = `missed at the median; rounds spread ${(summary.spread * 100).toFixed(0)} % (> ${(maxSpread * 100).toFixed(0)} %)`;
  return { ...summary, rounds, target, stable, met, verdict };
}

/**
 * Per scenario, large ÷ bench per round of CPU per request (service plus PostgreSQL, and each
 * alone), and each scale's median CPU per request.
 */
export function growthOf(windows, scenarios, { maxSpread, target = GROWTH_TARGET }) {
  const growth = {};
  for (const scenario of scenarios) {
    const rounds = byRound(windows, scenario).filter((round) => round.bench && round.large);
    const per = (read) => rounds.map((round) => ratioOf(read(round.large), read(round.bench)));
    const scale = (name) => ({
      cpuMicrosPerRequest: summarise(
        rounds.map((round) => totalCpuOf(round[name])),
        0,
      ),
      serviceCpuMicrosPerRequest: summarise(
        rounds.map((round) => round[name].cpuMicrosPerRequest),
        0,
      ),
      dbCpuMicrosPerRequest: summarise(
        rounds.map((round) => round[name].dbCpuMicrosPerRequest),
        0,
      ),
      requestsPerSecond: summarise(
        rounds.map((round) => round[name].requestsPerSecond),
        1,
      ),
      otherCores: Math.max(0, ...rounds.map((round) => round[name].otherCpuUtilisation ?? 0)),
    });
    growth[scenario] = {
      large_over_bench: judgedRatio(per(totalCpuOf), { target, maxSpread }),
      service_large_over_bench: summarise(per((window) => window.cpuMicrosPerRequest)),
      db_large_over_bench: summarise(per((window) => window.dbCpuMicrosPerRequest)),
      bench: scale('bench'),
      large: scale('large'),
    };
  }
  return growth;
}

/**
 * D's page 400 ÷ its page 1 (`deep` and `first` scenarios) per round at each scale, CPU per
 * request (service plus PostgreSQL). The target is for `large`; `bench` is shown beside it.
 */
export function deepPageOf(windows, { deep, first, maxSpread, target = DEEP_PAGE_TARGET }) {
  const deepRounds = byRound(windows, deep);
  const firstRounds = byRound(windows, first);
  const at = (scale) =>
    judgedRatio(
      deepRounds.map((round, index) => ratioOf(totalCpuOf(round[scale]), totalCpuOf(firstRounds[index]?.[scale]))),
      { target, maxSpread },
    );
  const bench = at('bench');
  const large = at('large');
  return { page400_over_page1: large, bench_page400_over_page1: bench };
}

const cell = (summary, digits) =>
  summary?.median == null
    ? '–'
    : `${summary.median.toFixed(digits)} (${summary.min.toFixed(digits)}–${summary.max.toFixed(digits)})`;

/** The printed table: one row per scenario, medians with (min–max) of the rounds. */
export function growthTable(growth, { titles, answers }) {
  return table(
    [
      'Scenario',
      'bench CPU µs/req',
      'large CPU µs/req',
      'large ÷ bench',
      'service ÷',
      'PostgreSQL ÷',
      'answer bytes (bench → large)',
      `≤ ${GROWTH_TARGET}×`,
    ],
    Object.entries(growth).map(([id, row]) => [
      `${id} ${titles[id] ?? ''}`.trim(),
      cell(row.bench.cpuMicrosPerRequest, 0),
      cell(row.large.cpuMicrosPerRequest, 0),
      cell(row.large_over_bench, 2),
      cell(row.service_large_over_bench, 2),
      cell(row.db_large_over_bench, 2),
      answers?.[id] ? `${answers[id].bench} → ${answers[id].large}` : '–',
      row.large_over_bench.verdict,
    ]),
    ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
  );
}

export function deepPageTable(deepPage) {
  return table(
    ['Scale', 'D page 400 ÷ page 1 (CPU per request)', `≤ ${DEEP_PAGE_TARGET}×`],
    [
      ['bench', cell(deepPage.bench_page400_over_page1, 2), deepPage.bench_page400_over_page1.verdict],
      ['large', cell(deepPage.page400_over_page1, 2), deepPage.page400_over_page1.verdict],
    ],
    ['left', 'right', 'left'],
  );
}
