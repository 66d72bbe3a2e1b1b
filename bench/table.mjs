// `npm run bench:table [results.json]`: writes the results table of docs/performance.md (between its
// markers) from a benchmark run. Without an argument it takes the newest full run (every scenario,
// with the baselines) in bench/results and keeps a copy as bench/results/latest.json, the one results
// file git tracks, so the table can be made again from a fresh clone. `--check` writes nothing and
// fails when the page differs.
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { table } from './lib/report.mjs';
import { defineScenarios } from './lib/scenarios.mjs';
import { ratiosOf, targetRows, targetsOf } from './lib/targets.mjs';
import { root } from '../scripts/build-if-needed.mjs';

const RESULTS = join(root, 'bench', 'results');
const LATEST = join(RESULTS, 'latest.json');
const PAGE = join(root, 'docs', 'performance.md');
const START = '<!-- bench:table:start (npm run bench:table writes this part) -->';
const END = '<!-- bench:table:end -->';

const args = process.argv.slice(2);
const check = args.includes('--check');
const given = args.find((arg) => arg !== '--check');

const EVERY_SCENARIO = 'A,B,C,D,E,F,G,H,I,J,K,S';

/** A run the page can stand on: every scenario, with the baselines, not a comparison of two builds. */
function isFullRun(file) {
  try {
    const { options, results } = JSON.parse(readFileSync(join(RESULTS, file), 'utf8'));
    return (
      [...options.scenarios].sort().join(',') === EVERY_SCENARIO &&
      options.baselines &&
      !options.compareWith &&
      results?.length > 0
    );
  } catch {
    return false;
  }
}

/** The run to show: the file given, else the newest full run in bench/results (kept as latest.json), else latest.json. */
function source() {
  if (given) return given;
  const runs = existsSync(RESULTS) ? readdirSync(RESULTS).filter((name) => /^bench-[\dT-]+Z\.json$/.test(name)) : [];
  const newest = runs.sort().reverse().find(isFullRun);
  if (newest && !check) {
    copyFileSync(join(RESULTS, newest), LATEST);
    return LATEST;
  }
  if (!existsSync(LATEST)) {
    process.stderr.write('No results: run `npm run bench` first (bench/README.md).\n');
    process.exit(2);
  }
  return LATEST;
}

const report = JSON.parse(readFileSync(source(), 'utf8'));
if (!report.results?.length) {
  process.stderr.write('That run has no results table (it stopped early): see its failures.\n');
  process.exit(2);
}

const titles = (() => {
  try {
    const scenarios = defineScenarios(
      report.fixtures,
      () => ({}),
      () => ({}),
    );
    return Object.fromEntries(scenarios.map((scenario) => [scenario.id, scenario.title]));
  } catch {
    return {};
  }
})();
const number = (value, digits = 0) =>
  value === null || value === undefined
    ? '–'
    : Number(value).toLocaleString('en-AU', { maximumFractionDigits: digits, minimumFractionDigits: digits });
/** Statements per request; a create-and-act cycle (G, J) as its two requests', each with its own budget. */
const statements = (scenario) => {
  const counted = report.statements?.[scenario];
  if (counted?.requests?.length === 2) return counted.requests.map((request) => request.statements).join(' + ');
  return counted?.perRequest ?? '–';
};
const isRun = (row) => row.scenario === 'K';

const rows = report.results.map((row) => [
  `${row.scenario} ${titles[row.scenario] ?? ''}`.trim(),
  row.target,
  isRun(row) ? '1 run' : number(row.requestsPerSecond),
  isRun(row) ? '–' : number(row.latencyMs.p50),
  number(row.latencyMs.p99),
  number(row.errors),
  number(row.cpuMicrosPerRequest),
  number(row.dbCpuMicrosPerRequest),
  row.target === 'service' ? statements(row.scenario) : '–',
  number(row.otherCpuUtilisation, 2),
]);
const targets = targetRows(targetsOf(report));
const baselineName = (key) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const ratios = Object.entries(ratiosOf(report)).flatMap(([scenario, byBaseline]) =>
  Object.entries(byBaseline).map(([key, ratio]) => [
    `${scenario} service ÷ ${baselineName(key)}`,
    number(ratio.median, 2),
    ratio.rounds.map((value) => number(value, 2)).join(', '),
    ratio.verdict,
  ]),
);
const interleavedIds = Object.keys(report.interleaved ?? report.ratios ?? {});
const listed = (ids) => (ids.length > 1 ? `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}` : (ids[0] ?? 'none'));
// Runs from before every process's peak was kept give the service's VmHWM alone.
const peaks = report.peakRssMb ?? { service: report.peakMemory?.service?.vmHwmMb };
const busiest = Math.max(...report.results.map((row) => row.otherCpuUtilisation ?? 0));
const { machine, options } = report;

const section = [
  START,
  '',
  `Run of ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC` +
    (report.commit
      ? ` on commit \`${report.commit.slice(0, 7)}\`${report.uncommittedChanges ? ' with uncommitted changes' : ''}`
      : '') +
    `: ${machine.nproc} CPUs (${machine.cpuModel}), ${machine.memoryGb} GB, Node ${machine.node}; ` +
    `${listed(interleavedIds)} in ${options.rounds} interleaved rounds of ${options.roundSeconds} s beside their baselines, the others ${options.durationSeconds} s at ${options.connections} connections. ` +
    `Other cores busy: up to ${number(busiest, 2)}${busiest > 0.15 ? ' (a disturbed run: compare ratios and CPU per request, not req/s)' : ''}.`,
  '',
  table(
    [
      'Scenario',
      'Target',
      'Req/s',
      'p50 ms',
      'p99 ms',
      'Errors',
      'CPU µs/req',
      'DB CPU µs/req',
      'SQL/req',
      'Other cores',
    ],
    rows,
  ),
  '',
  'Throughput ratios (service req/s ÷ baseline req/s in each interleaved round; the median is claimed when the rounds agree):',
  '',
  table(['Ratio', 'Median', 'Rounds', 'Verdict'], ratios, ['left', 'right', 'left', 'left']),
  '',
  table(['Target', 'Measured', 'Result'], targets, ['left', 'left', 'left']),
  '',
  `K is one request: its p99 is that request's time, end to end. Peak RSS over the run (the highest 100 ms sample or VmHWM): ` +
    `${Object.entries(peaks)
      .map(([name, peak]) => `${name} ${number(peak, 1)} MB`)
      .join(', ')}; the service ${number(report.serviceStartRssMb, 1)} MB after start.`,
  '',
  END,
].join('\n');

const page = readFileSync(PAGE, 'utf8');
const from = page.indexOf(START);
const to = page.indexOf(END);
if (from === -1 || to === -1) {
  process.stderr.write(`docs/performance.md has lost its markers: put ${START} and ${END} back.\n`);
  process.exit(2);
}
const next = page.slice(0, from) + section + page.slice(to + END.length);
if (check) {
  if (next !== page) {
    process.stderr.write(
      'docs/performance.md differs from bench/results/latest.json: run `npm run bench:table` and commit both.\n',
    );
    process.exit(1);
  }
  process.stdout.write('docs/performance.md matches bench/results/latest.json.\n');
} else {
  writeFileSync(PAGE, next);
  process.stdout.write(`docs/performance.md: table from ${report.startedAt} written.\n`);
}
