// `npm run bench:growth`: the read scenarios against the `bench` and the `large` scale side by side
// (two embedded PostgreSQLs, a service on each), in interleaved rounds: bench, large, bench, large…
// It prints, per scenario, CPU per request (service plus PostgreSQL) at large ÷ at bench, and D's
// page 400 ÷ its page 1, and writes bench/results/growth-<time>.json. See bench/README.md.
//
// Every process it starts is stopped on the way out, on success, failure, Ctrl-C or the watchdog.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildIfNeeded, root } from '../scripts/build-if-needed.mjs';
import { HEAP_FLAGS } from '../scripts/memory-settings.mjs';
import { findFixtures } from './lib/fixtures.mjs';
import { deepPageOf, deepPageTable, growthOf, growthTable, SCALES } from './lib/growth.mjs';
import {
  cleanupStack,
  exitOnce,
  gitOutput,
  machineInfo,
  nodeArgsOf,
  numberOption,
  readSecret,
  serviceEnvironment,
  startEmbeddedDatabase,
} from './lib/harness.mjs';
import { measureTogether, warmUp } from './lib/load.mjs';
import { freePort, machineBusyMicros, sleep, startNode, waitForHttp } from './lib/processes.mjs';
import { defineScenarios } from './lib/scenarios.mjs';

const READ_SCENARIOS = ['A', 'B', 'D', 'E', 'F', 'I', 'S'];
/** D at page 1, measured in the same rounds as D: what page 400 is held against. */
const FIRST_PAGE = 'D1';

const options = {
  dataDirs: {
    bench: resolve(process.env.DATA_DIR || join(root, '.data')),
    large: process.env.LARGE_DATA_DIR ? resolve(process.env.LARGE_DATA_DIR) : undefined,
  },
  scenarios: (process.env.SCENARIOS || READ_SCENARIOS.join(','))
    .split(',')
    .map((id) => id.trim().toUpperCase())
    .filter(Boolean),
  warmupSeconds: numberOption('WARMUP', 3),
  rounds: numberOption('ROUNDS', 5, { min: 3 }),
  roundSeconds: numberOption('ROUND_SECONDS', 5, { min: 1 }),
  roundWarmupSeconds: numberOption('ROUND_WARMUP', 1),
  connections: numberOption('CONNECTIONS', 8, { min: 1 }),
  maxSpread: numberOption('MAX_SPREAD', 0.1, { min: 0, max: 1 }),
  rate: numberOption('RATE', 0),
  serviceNodeOptions: process.env.SERVICE_NODE_OPTIONS ?? HEAP_FLAGS.join(' '),
};
const BOOTSTRAP_KEY = 'sk_bench_harness_local_only_key';
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const resultsDir = join(root, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
const resultFile = join(resultsDir, `growth-${stamp}.json`);
const log = (line) => process.stdout.write(`[growth ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

const { onCleanup, cleanup } = cleanupStack('growth');
const report = {
  startedAt: new Date().toISOString(),
  commit: gitOutput('rev-parse', 'HEAD'),
  uncommittedChanges: (gitOutput('status', '--porcelain', '--untracked-files=no') ?? '') !== '',
  options,
  machine: machineInfo(),
  failures: [],
};
const exit = exitOnce({ name: 'growth', report, resultFile, log, cleanup });

async function main() {
  if (!options.dataDirs.large)
    throw new Error(
      'Set LARGE_DATA_DIR to a database loaded with `npm run seed -- --scale large` (and DATA_DIR to the bench one).',
    );
  const unknown = options.scenarios.filter((id) => !READ_SCENARIOS.includes(id));
  if (unknown.length)
    throw new Error(`SCENARIOS: ${unknown.join(', ')} not among the read scenarios ${READ_SCENARIOS.join(', ')}`);
  for (const scale of SCALES) {
    if (!existsSync(join(options.dataDirs[scale], 'pg', 'PG_VERSION'))) {
      throw new Error(
        `No database in ${options.dataDirs[scale]}: run \`DATA_DIR=${options.dataDirs[scale]} npm run seed -- --scale ${scale}\` first.`,
      );
    }
  }
  const windowsPerRound = options.scenarios.length + (options.scenarios.includes('D') ? 1 : 0);
  const budgetSeconds =
    900 +
    windowsPerRound *
      2 *
      (options.warmupSeconds + 30 + options.rounds * (options.roundWarmupSeconds + options.roundSeconds + 15));
  const watchdog = setTimeout(
    () => void exit(2, `watchdog: the run took more than ${budgetSeconds} s`),
    budgetSeconds * 1000,
  );
  log(`Options: ${JSON.stringify(options)}; watchdog ${budgetSeconds} s`);
  const busyBefore = machineBusyMicros();
  await sleep(1_000);
  report.machineBusyCoresBeforeStart = Number(((machineBusyMicros() - busyBefore) / 1e6).toFixed(2));
  if (report.machineBusyCoresBeforeStart > 0.2)
    log(`WARNING: ${report.machineBusyCoresBeforeStart} cores already busy before the run`);

  buildIfNeeded();

  // 1. Both databases, their fixtures, and a service on each.
  const sides = {};
  for (const scale of SCALES) {
    const dataDir = options.dataDirs[scale];
    log(`Starting embedded PostgreSQL in ${dataDir} (${scale})`);
    const database = startEmbeddedDatabase(dataDir, join(resultsDir, `growth-${stamp}-${scale}-postgres.log`));
    onCleanup(`stop ${scale} PostgreSQL`, () => database.handle.stop(20_000));
    const databaseUrl = await database.url();
    const postmasterPid = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const walletKey = readSecret(join(dataDir, 'wallet-encryption-key'));
    if (!walletKey) throw new Error(`No wallet key in ${dataDir}/wallet-encryption-key (written by the seed).`);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    pool.on('error', () => undefined);
    onCleanup(`close the ${scale} pool`, () => pool.end());
    sides[scale] = { scale, dataDir, databaseUrl, postmasterPid, walletKey, pool };
  }
  for (const scale of SCALES) {
    sides[scale].fixtures = await findFixtures(sides[scale].pool);
    const { fixtures } = sides[scale];
    log(
      `${scale}: ${fixtures.scale.organisations} organisations, ${fixtures.scale.bookings} bookings; ${fixtures.organisationId} has ${fixtures.organisationBookings}`,
    );
  }
  // The same questions at both scales: D's dates, S's names and I's week are bench's (a clinic five
  // times the size asks for the same days and names); email and mobile number are each scale's own.
  const { bench, large } = sides;
  large.fixtures.bookingRange = { ...bench.fixtures.bookingRange };
  large.fixtures.availability = {
    ...large.fixtures.availability,
    from: bench.fixtures.availability.from,
    to: bench.fixtures.availability.to,
  };
  large.fixtures.clientSearch = {
    ...large.fixtures.clientSearch,
    terms: [...bench.fixtures.clientSearch.terms.slice(0, 4), ...large.fixtures.clientSearch.terms.slice(4)],
  };
  report.fixtures = Object.fromEntries(SCALES.map((scale) => [scale, sides[scale].fixtures]));

  const noWrites = () => {
    throw new Error('bench:growth runs read scenarios only');
  };
  for (const scale of SCALES) {
    const side = sides[scale];
    const defined = defineScenarios(side.fixtures, noWrites, noWrites).filter((scenario) =>
      options.scenarios.includes(scenario.id),
    );
    const deep = defined.find((scenario) => scenario.id === 'D');
    if (deep) {
      defined.push({
        id: FIRST_PAGE,
        title: 'bookings confirmed+dates, page 1',
        requests: deep.requests.map((request) => ({ ...request, path: request.path.replace('page=400', 'page=1') })),
      });
    }
    side.scenarios = Object.fromEntries(defined.map((scenario) => [scenario.id, scenario]));

    const port = await freePort();
    const service = startNode(`service (${scale})`, join(root, 'dist', 'apps', 'api', 'src', 'main.js'), {
      cwd: root,
      env: {
        ...serviceEnvironment({
          databaseUrl: side.databaseUrl,
          dataDir: side.dataDir,
          walletKey: side.walletKey,
          bootstrapKey: BOOTSTRAP_KEY,
        }),
        PORT: String(port),
      },
      nodeArgs: nodeArgsOf(options.serviceNodeOptions),
      logFile: join(resultsDir, `growth-${stamp}-${scale}-service.log`),
    });
    onCleanup(`stop the ${scale} service`, () => service.stop());
    // A first start migrates the database: minutes for an index on the large scale's bookings.
    await waitForHttp(service, `http://127.0.0.1:${port}/health/live`, { timeoutMs: 1_800_000 });
    log(`Service on ${scale} pid ${service.pid} on 127.0.0.1:${port}`);
    side.target = {
      name: scale,
      url: `http://127.0.0.1:${port}`,
      pid: service.pid,
      handle: service,
      headers: { authorization: `Bearer ${BOOTSTRAP_KEY}` },
    };
  }

  // 2. Every request answers 200 at both scales; what each answers is kept (sizes, D's totals).
  const ids = Object.keys(bench.scenarios);
  report.answers = {};
  for (const id of ids) {
    report.answers[id] = {};
    for (const scale of SCALES) {
      const side = sides[scale];
      let bytes = 0;
      const totals = [];
      for (const request of side.scenarios[id].requests) {
        const response = await fetch(`${side.target.url}${request.path}`, {
          headers: side.target.headers,
          signal: AbortSignal.timeout(60_000),
        });
        const text = await response.text();
        if (response.status !== 200)
          throw new Error(`${id} on ${scale}: ${request.path} answered ${response.status}: ${text.slice(0, 300)}`);
        bytes += Buffer.byteLength(text);
        const body = JSON.parse(text);
        if (body.totalItems !== undefined) totals.push(body.totalItems);
      }
      report.answers[id][scale] = Math.round(bytes / side.scenarios[id].requests.length);
      if (totals.length) report.answers[id][`${scale}TotalItems`] = totals;
    }
    const totals = (scale) =>
      report.answers[id][`${scale}TotalItems`]
        ? `, totalItems ${report.answers[id][`${scale}TotalItems`].join('/')}`
        : '';
    log(
      `${id}: bench ${report.answers[id].bench} bytes${totals('bench')}; large ${report.answers[id].large} bytes${totals('large')}`,
    );
  }

  // 3. Load: per scenario a warm-up on each side, then rounds of one window per side (D's rounds
  // also measure its page 1), one after the other, each side's own PostgreSQL counted with it.
  const windows = [];
  report.windows = windows;
  const groups = ids
    .filter((id) => id !== FIRST_PAGE)
    .map((id) => (id === 'D' && ids.includes(FIRST_PAGE) ? ['D', FIRST_PAGE] : [id]));
  for (const group of groups) {
    for (const id of group) {
      for (const scale of SCALES) {
        log(`${id} ${bench.scenarios[id].title} → ${scale}: ${options.warmupSeconds} s warm-up`);
        await warmUp({
          target: sides[scale].target,
          scenario: sides[scale].scenarios[id],
          connections: options.connections,
          seconds: options.warmupSeconds,
          rate: options.rate,
        });
      }
    }
    for (let round = 1; round <= options.rounds; round++) {
      for (const id of group) {
        for (const scale of SCALES) {
          const side = sides[scale];
          if (side.target.handle.exit)
            throw new Error(
              `The ${scale} service exited (${JSON.stringify(side.target.handle.exit)}):\n${side.target.handle.tail()}`,
            );
          const [result] = await measureTogether({
            targets: [side.target],
            scenario: side.scenarios[id],
            connections: options.connections,
            warmupSeconds: options.roundWarmupSeconds,
            durationSeconds: options.roundSeconds,
            postmasterPid: side.postmasterPid,
            round,
            rate: options.rate,
          });
          delete result.pgStatements;
          windows.push(result);
          log(
            `  ${id} ${scale} round ${round}/${options.rounds}: ${result.requestsPerSecond} req/s, errors ${result.errors}, ` +
              `${result.cpuMicrosPerRequest} + ${result.dbCpuMicrosPerRequest} µs CPU/req (service + PostgreSQL), other cores ${result.otherCpuUtilisation}`,
          );
          if (result.errors)
            report.failures.push(
              `${id} on ${scale}, round ${round}: ${result.errors} errors ${JSON.stringify(result.statusCodes)}`,
            );
          await sleep(300);
        }
      }
    }
  }
  clearTimeout(watchdog);

  // 4. Report.
  report.growth = growthOf(windows, ids, { maxSpread: options.maxSpread });
  if (ids.includes(FIRST_PAGE))
    report.deepPage = { D: deepPageOf(windows, { deep: 'D', first: FIRST_PAGE, maxSpread: options.maxSpread }) };
  const titles = Object.fromEntries(ids.map((id) => [id, bench.scenarios[id].title]));
  const out = [
    '',
    `Machine: ${report.machine.nproc} CPUs (${report.machine.cpuModel}), Node ${process.version}. ${options.rounds} interleaved rounds of ${options.roundSeconds} s ` +
      `per scale (after ${options.roundWarmupSeconds} s unmeasured), ${options.connections} connections${options.rate ? `, ${options.rate} req/s` : ''}.`,
    `bench: ${bench.fixtures.scale.bookings} bookings, organisation ${bench.fixtures.organisationId} with ${bench.fixtures.organisationBookings}; ` +
      `large: ${large.fixtures.scale.bookings} bookings, organisation ${large.fixtures.organisationId} with ${large.fixtures.organisationBookings}.`,
    'CPU per request: the service plus its PostgreSQL, from /proc over each window. Ratios: median of the per-round ratios (min–max of the rounds).',
    '',
    growthTable(report.growth, { titles, answers: report.answers }),
    '',
    ...(report.deepPage ? [deepPageTable(report.deepPage.D), ''] : []),
  ];
  const disturbed = windows.filter((window) => window.otherCpuUtilisation > 0.15).length;
  if (disturbed)
    out.push(
      `WARNING: ${disturbed} of ${windows.length} windows had more than 0.15 cores busy outside the harness: compare the rounds' spread.`,
      '',
    );
  if (report.failures.length)
    out.push(`Failures (${report.failures.length}):`, ...report.failures.map((failure) => `  - ${failure}`), '');
  process.stdout.write(`${out.join('\n')}\n`);
  return report.failures.length ? 1 : 0;
}

main().then(
  (code) => exit(code),
  (error) => exit(1, error?.stack ?? String(error)),
);
