// `npm run bench`: builds the service when needed, starts it (and two baselines) on a database
// loaded with `npm run seed -- --scale bench`, loads them on 127.0.0.1 with autocannon, and prints
// a table and writes bench/results/bench-<time>.json. See bench/README.md.
//
// Every process it starts (embedded PostgreSQL, the service, the baselines) is stopped on the
// way out, on success, failure, Ctrl-C or the watchdog; every wait is bounded in time.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildIfNeeded, root } from '../scripts/build-if-needed.mjs';
import { HEAP_FLAGS, MALLOC_ENV } from '../scripts/memory-settings.mjs';
import {
  CHECKOUT_FIRST_SLOT,
  createPayoutFixture,
  findFixtures,
  removeBenchBookings,
  slotPlan,
} from './lib/fixtures.mjs';
import {
  cleanupStack,
  exitOnce,
  gitOutput,
  machineInfo,
  mb,
  nodeArgsOf,
  numberOption,
  readSecret,
  serviceEnvironment,
  startEmbeddedDatabase,
  withoutServiceConfig,
} from './lib/harness.mjs';
import { measureOnce, measureTogether, warmUp } from './lib/load.mjs';
import {
  freePort,
  machineBusyMicros,
  sleep,
  startNode,
  startOtlpSink,
  statusKb,
  waitForHttp,
} from './lib/processes.mjs';
import {
  compareTable,
  costTable,
  postgresTable,
  ratiosTable,
  resultsTable,
  roundsTable,
  statementCostTable,
  statementsTable,
  targetsTable,
} from './lib/report.mjs';
import { compareRounds, interleavedPlan, targetSummary } from './lib/rounds.mjs';
import { evaluateTargets, peakRss, statementBudgets } from './lib/targets.mjs';
import { SCENARIO_BASELINES, defineScenarios, slotSource } from './lib/scenarios.mjs';
import {
  addStatements,
  configurePreload,
  dropStatementStats,
  openStatementStats,
  preloadDrift,
  statementCosts,
} from './lib/statement-stats.mjs';
import {
  baselineReadStatements,
  baselineWriteStatements,
  countStatements,
  sameStatements,
  writeShape,
} from './lib/statements.mjs';

// ---- options -------------------------------------------------------------------------------

const flagOption = (name, fallback) =>
  !['0', 'false', 'no', ''].includes(String(process.env[name] ?? fallback).toLowerCase());

const options = {
  dataDir: resolve(process.env.DATA_DIR || join(root, '.data')),
  databaseUrl: process.env.DATABASE_URL || undefined,
  warmupSeconds: numberOption('WARMUP', 3),
  durationSeconds: numberOption('DURATION', 10, { min: 1 }),
  connections: numberOption('CONNECTIONS', 8, { min: 1 }),
  scenarios: (process.env.SCENARIOS || 'A,B,C,D,E,F,G,H,I,J,K,S')
    .split(',')
    .map((id) => id.trim().toUpperCase())
    .filter(Boolean),
  baselines: flagOption('BASELINES', '1'),
  // Scenarios with baselines: interleaved rounds of short windows (service, nest-express,
  // node-http-pg, service, …); fewer than three rounds cannot tell a result from noise.
  rounds: numberOption('ROUNDS', 5, { min: 3 }),
  roundSeconds: numberOption('ROUND_SECONDS', 5, { min: 1 }),
  // Unmeasured load right before each round's window: a target waits two windows between its own,
  // longer than pg-pool's 10 s idle timeout, and would otherwise pay for reopening its connections
  // (fork, SCRAM, cold catalog caches) inside the window.
  roundWarmupSeconds: numberOption('ROUND_WARMUP', 1),
  // A ratio whose rounds spread wider than this (max − min over the median) is not claimed.
  maxSpread: numberOption('MAX_SPREAD', 0.1, { min: 0, max: 1 }),
  // Planning and execution time per statement (pg_stat_statements; restarts the embedded database).
  pgStatStatements: flagOption('PG_STAT_STATEMENTS', '0'),
  // Node flags for the service process only (e.g. V8 heap sizes), to try runtime settings.
  // Unset: the heap limits production runs with; empty: none.
  serviceNodeOptions: process.env.SERVICE_NODE_OPTIONS ?? HEAP_FLAGS.join(' '),
  // Rate-limit counters in Redis instead of the service's memory (its REDIS_URL), to compare.
  serviceRedisUrl: process.env.SERVICE_REDIS_URL || undefined,
  // The OpenTelemetry SDK loaded in the service, exporting every span to a sink in this process,
  // to compare the service's cost with tracing on and off.
  serviceTracing: flagOption('SERVICE_TRACING', '0'),
  // Another build of the service (a checkout's folder, built): every scenario runs in interleaved
  // rounds on both, to measure what a change costs or saves. The baselines are not run then.
  compareWith: process.env.COMPARE_WITH ? resolve(process.env.COMPARE_WITH) : undefined,
  // Node flags for the compared build (default: SERVICE_NODE_OPTIONS'), so one build can also be
  // compared with itself under other runtime settings.
  compareNodeOptions: process.env.COMPARE_NODE_OPTIONS,
  // Node flags for the baselines: the heap limits production runs the service with unless told (as
  // the service, they get production's allocator settings too), so C's large answers are collected alike.
  baselineNodeOptions: process.env.BASELINE_NODE_OPTIONS ?? HEAP_FLAGS.join(' '),
  // Requests per second over all connections (0: as fast as the target answers). At a fixed load
  // below saturation, CPU per request is compared without the contention of a full machine.
  rate: numberOption('RATE', 0),
  // Each round of an interleaved scenario loads all its targets at the same time (each at RATE),
  // instead of one after the other, so a change in the machine's speed reaches them alike.
  together: flagOption('COMPARE_TOGETHER', '0'),
};
if (options.compareWith) options.baselines = false;
const BOOTSTRAP_KEY = 'sk_bench_harness_local_only_key';
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const runId = stamp.replace(/\D/g, '').slice(0, 14);
const resultsDir = join(root, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
const resultFile = join(resultsDir, `bench-${stamp}.json`);

const log = (line) => process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

// ---- clean-up: last registered runs first, each bounded -------------------------------------

const { onCleanup, cleanup } = cleanupStack('bench');

const report = {
  startedAt: new Date().toISOString(),
  // The code measured, so a results table can name it (docs/performance.md).
  commit: gitOutput('rev-parse', 'HEAD'),
  uncommittedChanges: (gitOutput('status', '--porcelain', '--untracked-files=no') ?? '') !== '',
  options: {
    ...options,
    databaseUrl: options.databaseUrl ? '(set)' : undefined,
    serviceRedisUrl: options.serviceRedisUrl ? '(set)' : undefined,
  },
  machine: machineInfo(),
  failures: [],
};
const exit = exitOnce({ name: 'bench', report, resultFile, log, cleanup });

// ---- main ----------------------------------------------------------------------------------

async function main() {
  // Scenarios with baselines (A and B: three targets, C, E and G: two; with COMPARE_WITH every
  // scenario but K: two): a warm-up and a window per target and round; the others: one warm-up and one window.
  const targetsOf = (id) =>
    options.compareWith ? (id === 'K' ? 1 : 2) : options.baselines ? 1 + (SCENARIO_BASELINES[id]?.length ?? 0) : 1;
  const budgetSeconds =
    900 +
    options.scenarios.reduce((sum, id) => {
      const count = targetsOf(id);
      if (count === 1) return sum + options.warmupSeconds + options.durationSeconds + 90;
      return (
        sum +
        count * (options.warmupSeconds + 30) +
        count * options.rounds * (options.roundWarmupSeconds + options.roundSeconds + 30)
      );
    }, 0);
  const watchdog = setTimeout(
    () => void exit(2, `watchdog: the run took more than ${budgetSeconds} s`),
    budgetSeconds * 1000,
  );
  log(`Options: ${JSON.stringify(report.options)}; watchdog ${budgetSeconds} s`);

  // Other work on the machine skews every number: say so up front.
  const busyBefore = machineBusyMicros();
  await sleep(1_000);
  report.machineBusyCoresBeforeStart = Number(((machineBusyMicros() - busyBefore) / 1e6).toFixed(2));
  if (report.machineBusyCoresBeforeStart > 0.2)
    log(
      `WARNING: ${report.machineBusyCoresBeforeStart} cores already busy before the run: other processes will disturb it`,
    );

  buildIfNeeded();

  // The database: DATABASE_URL, or the embedded PostgreSQL in DATA_DIR (started here, shared by all).
  let databaseUrl = options.databaseUrl;
  let postmasterPid = null;
  if (!databaseUrl) {
    if (!existsSync(join(options.dataDir, 'pg', 'PG_VERSION'))) {
      throw new Error(
        `No database in ${options.dataDir}: run \`DATA_DIR=${options.dataDir} npm run seed -- --scale bench\` first.`,
      );
    }
    let postgres = null;
    onCleanup('stop embedded PostgreSQL', () => postgres?.stop(20_000));
    const startPostgres = async () => {
      log(`Starting embedded PostgreSQL in ${options.dataDir}`);
      const database = startEmbeddedDatabase(options.dataDir, join(resultsDir, `bench-${stamp}-postgres.log`));
      postgres = database.handle;
      databaseUrl = await database.url();
    };
    await startPostgres();
    // pg_stat_statements loads only at server start: (un)set it in postgresql.auto.conf, restart.
    const probe = new pg.Client({ connectionString: maintenanceUrl(databaseUrl) });
    await probe.connect();
    let drift;
    try {
      drift = await preloadDrift(probe, options.pgStatStatements);
      if (drift === 'disable') await dropStatementStats(probe);
      if (drift) await configurePreload(probe, drift === 'enable');
    } finally {
      await probe.end();
    }
    if (drift) {
      log(
        drift === 'enable'
          ? 'PG_STAT_STATEMENTS=1: restarting PostgreSQL with pg_stat_statements preloaded (reset again at the end of the run)'
          : 'An earlier run left pg_stat_statements preloaded: resetting it and restarting PostgreSQL',
      );
      await postgres.stop(20_000);
      await startPostgres();
    }
    postmasterPid = Number(readFileSync(join(options.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  }
  const databaseHost = new URL(databaseUrl).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(databaseHost))
    log(`Note: the database is on ${databaseHost}, not this machine`);
  const walletKey = process.env.WALLET_ENCRYPTION_KEY || readSecret(join(options.dataDir, 'wallet-encryption-key'));
  if (!walletKey)
    throw new Error(
      `No wallet key: set WALLET_ENCRYPTION_KEY or keep ${options.dataDir}/wallet-encryption-key (written by the seed).`,
    );

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  onCleanup('remove bench bookings, close the harness pool', async () => {
    try {
      const removed = await removeBenchBookings(pool);
      if (removed) log(`Removed ${removed} bookings created by the write scenarios`);
    } finally {
      await pool.end();
    }
  });
  let statementStats = null;
  if (options.pgStatStatements) {
    if (!options.databaseUrl)
      onCleanup('remove pg_stat_statements from shared_preload_libraries', () => configurePreload(pool, false));
    statementStats = await openStatementStats({
      url: options.databaseUrl ? databaseUrl : maintenanceUrl(databaseUrl),
      database: decodeURIComponent(new URL(databaseUrl).pathname.slice(1)),
      dropOnClose: !options.databaseUrl,
    });
    onCleanup('drop the pg_stat_statements extension', () => statementStats.close());
    log(
      `pg_stat_statements on (track_planning ${statementStats.tracksPlanning ? 'on' : 'off'}): planning and execution time per statement for every window`,
    );
  }

  const leftovers = await removeBenchBookings(pool);
  if (leftovers) log(`Removed ${leftovers} bookings left by an earlier run`);

  const fixtures = await findFixtures(pool);
  report.fixtures = fixtures;
  log(
    `Organisation ${fixtures.organisationId} (${fixtures.organisationBookings} of ${fixtures.scale.bookings} bookings), payout ${fixtures.payoutId} ` +
      `(${fixtures.payoutTransactions} transactions, ${fixtures.payoutPayments} payments), D range ${fixtures.bookingRange.serviceDateMin}..${fixtures.bookingRange.serviceDateMax} ` +
      `(${fixtures.bookingRange.matchingConfirmed} confirmed)`,
  );
  if (fixtures.scale.bookings < 400_000)
    log(`WARNING: ${fixtures.scale.bookings} bookings: this is not the bench scale (npm run seed -- --scale bench)`);
  log(
    `S searches ${fixtures.clientSearch.clients} live clients for ${fixtures.clientSearch.terms.map((term) => JSON.stringify(term)).join(', ')}`,
  );

  const nextSlot = slotSource(await slotPlan(pool, fixtures.booking), runId);
  const nextCheckoutSlot = slotSource(await slotPlan(pool, fixtures.checkout, CHECKOUT_FIRST_SLOT), `${runId}-J`);
  const scenarios = defineScenarios(fixtures, nextSlot, nextCheckoutSlot).filter((scenario) =>
    options.scenarios.includes(scenario.id),
  );
  if (scenarios.length === 0) throw new Error(`SCENARIOS=${process.env.SCENARIOS} selects none of A..K and S`);

  const serviceEnv = {
    ...serviceEnvironment({ databaseUrl, dataDir: options.dataDir, walletKey, bootstrapKey: BOOTSTRAP_KEY }),
    ...(options.serviceRedisUrl ? { REDIS_URL: options.serviceRedisUrl } : {}),
  };
  if (options.serviceRedisUrl && !['127.0.0.1', 'localhost'].includes(new URL(options.serviceRedisUrl).hostname)) {
    throw new Error('SERVICE_REDIS_URL must point at 127.0.0.1: the bench stays on loopback');
  }

  // 1. SQL statements per request, in this process (also applies pending migrations). The
  // baselines' statements are recorded right after the service's, on the same data: the reads' after
  // the last read scenario with a baseline (before any write), G's after G.
  log('Counting SQL statements per request (built app in-process, pg Client#query wrapped)');
  const baselineScenarios = options.baselines
    ? scenarios.filter((scenario) => scenario.baselines).map((scenario) => scenario.id)
    : [];
  const readScenarios = baselineScenarios.filter((id) => id !== 'G');
  const baselineSql = {};
  const counted = await countStatements({
    root,
    databaseUrl,
    // No job workers in-process: their polling would land among the statements being counted.
    env: { ...serviceEnv, JOB_WORKERS: 'false' },
    bootstrapKey: BOOTSTRAP_KEY,
    // K pays its business out once: in-process it would leave nothing for the measured run.
    scenarios: scenarios.filter((scenario) => !scenario.once),
    log,
    afterScenario: async (id) => {
      if (id === readScenarios.at(-1))
        Object.assign(baselineSql, await baselineReadStatements({ databaseUrl, fixtures, ids: readScenarios }));
      if (id === 'G' && baselineScenarios.includes('G'))
        baselineSql.G = await baselineWriteStatements({ databaseUrl, fixtures, nextSlot });
    },
  });
  report.statements = counted.results;
  report.budgets = statementBudgets(counted.results);
  const statementCounts = {
    service: Object.fromEntries(Object.entries(counted.results).map(([id, result]) => [id, result.perRequest])),
  };
  for (const scenario of scenarios.filter((one) => !one.once)) {
    const bad = counted.results[scenario.id].requests.filter((request) => !request.ok);
    for (const request of bad)
      report.failures.push(
        `statement step: ${scenario.id} ${request.method} ${request.path} answered ${request.status}: ${request.body}`,
      );
  }
  if (baselineScenarios.length) {
    report.baselineStatements = baselineSql;
    for (const id of baselineScenarios) {
      const copies = id === 'G' ? baselineSql.G : [baselineSql[id]];
      const perRequest = copies.reduce((sum, copy) => sum + copy.texts.length, 0) / copies.length;
      for (const name of SCENARIO_BASELINES[id]) (statementCounts[name] ??= {})[id] = perRequest;
      const differences = copies.flatMap((copy, index) => {
        const { sql: texts, sqlNames: names, method, path } = counted.results[id].requests[index];
        // A read's statements in any order (some go side by side); a write's, literals aside, its transaction in order.
        const same =
          id === 'G'
            ? JSON.stringify(writeShape(copy)) === JSON.stringify(writeShape({ texts, names }))
            : sameStatements({ texts, names }, copy);
        return same ? [] : [{ request: `${method} ${path}`, service: { texts, names }, baseline: copy }];
      });
      if (differences.length === 0) {
        log(
          `Scenario ${id}: the baselines send the service's statements (${copies.map((copy) => copy.texts.length).join(' + ')})`,
        );
        continue;
      }
      const shown = ({ texts, names }) =>
        texts.map((text, index) => `${names[index] ?? 'unnamed'}: ${text}`).join('\n---\n');
      const message = differences
        .map(
          (difference) =>
            `Scenario ${id}, ${difference.request}: the baselines' SQL differs from the service's (text, order or prepared-statement name); update bench/baselines/${id === 'G' ? 'writes' : 'queries'}.mjs. ` +
            `Service:\n${shown(difference.service)}\nBaselines:\n${shown(difference.baseline)}`,
        )
        .join('\n\n');
      report.failures.push(message);
      report.baselineDrift = [...(report.baselineDrift ?? []), id];
      process.stderr.write(`\n[bench] ${message}\n\n`);
    }
  }
  // The write scenarios' bookings (G and H from 2031, J's checked-out ones in 2001 to 2010) would show in the
  // bookings pages A/B/C read: remove them.
  await removeBenchBookings(pool);

  // 2. The service, as production runs it.
  const tracingSink = options.serviceTracing ? await startOtlpSink() : undefined;
  if (tracingSink) onCleanup('stop the OTLP sink', () => tracingSink.close());
  const servicePort = await freePort();
  const service = startNode('service', join(root, 'dist', 'apps', 'api', 'src', 'main.js'), {
    cwd: root,
    env: {
      ...serviceEnv,
      PORT: String(servicePort),
      ...(tracingSink ? { OTEL_EXPORTER_OTLP_ENDPOINT: tracingSink.url } : {}),
    },
    // On the command line, as `npm start` passes them (so V8 flags that NODE_OPTIONS refuses work too).
    nodeArgs: nodeArgsOf(options.serviceNodeOptions),
    logFile: join(resultsDir, `bench-${stamp}-service.log`),
  });
  onCleanup('stop the service', () => service.stop());
  await waitForHttp(service, `http://127.0.0.1:${servicePort}/health/live`);
  report.serviceStartRssMb = mb(statusKb(service.pid, 'VmRSS'));
  log(`Service pid ${service.pid} on 127.0.0.1:${servicePort} (RSS ${report.serviceStartRssMb} MB after start)`);
  const targets = [
    {
      name: 'service',
      url: `http://127.0.0.1:${servicePort}`,
      pid: service.pid,
      handle: service,
      headers: { authorization: `Bearer ${BOOTSTRAP_KEY}` },
    },
  ];
  if (options.compareWith) {
    const main = join(options.compareWith, 'dist', 'apps', 'api', 'src', 'main.js');
    if (!existsSync(main))
      throw new Error(`COMPARE_WITH=${options.compareWith} holds no built service (${main}): run npm run build there`);
    const port = await freePort();
    const handle = startNode('compare', main, {
      cwd: options.compareWith,
      env: {
        ...serviceEnv,
        PORT: String(port),
      },
      nodeArgs: nodeArgsOf(options.compareNodeOptions ?? options.serviceNodeOptions),
      logFile: join(resultsDir, `bench-${stamp}-compare.log`),
    });
    onCleanup('stop the compared build', () => handle.stop());
    await waitForHttp(handle, `http://127.0.0.1:${port}/health/live`);
    log(`Compared build (${options.compareWith}) pid ${handle.pid} on 127.0.0.1:${port}`);
    targets.push({
      name: 'compare',
      url: `http://127.0.0.1:${port}`,
      pid: handle.pid,
      handle,
      headers: targets[0].headers,
    });
  }

  // 3. The baselines the selected scenarios have, and the byte-for-byte check of their answers
  // against the service's (the reads; G's answers hold their own ids and times).
  if (baselineScenarios.length) {
    const needed = new Set(baselineScenarios.flatMap((id) => SCENARIO_BASELINES[id]));
    for (const name of ['node-http-pg', 'nest-express'].filter((one) => needed.has(one))) {
      const port = await freePort();
      const handle = startNode(name, join(root, 'bench', 'baselines', `${name}.mjs`), {
        cwd: root,
        env: {
          ...MALLOC_ENV,
          ...withoutServiceConfig(process.env),
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          BASELINE_EXIT_WITH_STDIN: '1',
        },
        nodeArgs: nodeArgsOf(options.baselineNodeOptions),
        logFile: join(resultsDir, `bench-${stamp}-${name}.log`),
      });
      onCleanup(`stop ${name}`, () => handle.stop());
      await waitForHttp(
        handle,
        `http://127.0.0.1:${port}/v1/organisations/${fixtures.organisationId}/providers?limit=1`,
      );
      log(`Baseline ${name} pid ${handle.pid} on 127.0.0.1:${port}`);
      targets.push({ name, url: `http://127.0.0.1:${port}`, pid: handle.pid, handle, headers: targets[0].headers });
    }
    await compareBodies(
      targets,
      scenarios.filter((scenario) => readScenarios.includes(scenario.id)),
    );
  }

  // 4. Load. Scenarios with baselines: a warm-up of each target, then interleaved rounds of short
  // windows (service, nest-express, node-http-pg, service, …). The rest: one window on the service.
  const windows = [];
  report.runs = windows;
  const rows = [];
  const interleaved = {};
  const statementTotals = {};
  // One window, or with several targets one window on all of them at once (COMPARE_TOGETHER).
  const measureWindows = async ({ scenario, targets: on, warmupSeconds, durationSeconds, round = null }) => {
    for (const target of on) {
      if (target.handle.exit)
        throw new Error(
          `${target.name} exited during the run (${JSON.stringify(target.handle.exit)}):\n${target.handle.tail()}`,
        );
    }
    const connections = scenario.connections ?? options.connections;
    const label = round === null ? '' : ` round ${round}/${options.rounds}`;
    const names = on.map((target) => target.name).join(' + ');
    log(
      `${scenario.id} ${scenario.title} → ${names}${label}: ${warmupSeconds ? `${warmupSeconds} s warm-up, ` : ''}${durationSeconds} s at ${connections} connections`,
    );
    let results;
    try {
      results = await measureTogether({
        targets: on,
        scenario,
        connections,
        warmupSeconds,
        durationSeconds,
        postmasterPid,
        statementStats,
        round,
        rate: options.rate,
      });
    } catch (error) {
      await sleep(300);
      const exited = on.find((target) => target.handle.exit);
      if (exited) {
        throw new Error(
          `${exited.name} (pid ${exited.pid}) exited during scenario ${scenario.id} (${JSON.stringify(exited.handle.exit)}); ` +
            `a signal means something outside the harness stopped it. Last output:\n${exited.handle.tail()}`,
          { cause: error },
        );
      }
      throw error;
    }
    for (const result of results) {
      if (result.pgStatements) {
        const totals = ((statementTotals[scenario.id] ??= {})[result.target] ??= { requests: 0, statements: {} });
        totals.requests += result.requests;
        addStatements(totals.statements, result.pgStatements);
      }
      delete result.pgStatements;
      windows.push(result);
      log(
        `  ${on.length > 1 ? `${result.target}: ` : ''}${result.requestsPerSecond} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, errors ${result.errors} ${JSON.stringify(result.statusCodes)}, ` +
          `${result.cpuMicrosPerRequest} µs CPU/req, ${result.dbCpuMicrosPerRequest ?? '–'} µs DB CPU/req, peak RSS ${result.peakRssMb} MB`,
      );
    }
    if (results[0].otherCpuUtilisation > 0.15) {
      log(
        `  WARNING: ${results[0].otherCpuUtilisation} cores were busy outside the harness, the targets and PostgreSQL: these numbers are disturbed`,
      );
    }
    await sleep(500);
    return results;
  };
  for (const scenario of scenarios) {
    if (scenario.once) {
      // After the statement step (which removes the write scenarios' rows), so K's business is there when it runs.
      log(
        `${scenario.id}: writing ${fixtures.organisationId}'s payout business and its settled payment transactions (bulk SQL)`,
      );
      fixtures.payoutRun = await createPayoutFixture(pool, fixtures.organisationId);
      log(`${scenario.id} ${scenario.title} → ${targets[0].name}: one request`);
      const { failure, ...row } = await measureOnce({ target: targets[0], scenario, postmasterPid });
      if (failure) report.failures.push(failure);
      log(
        `  ${row.latencyMs.p99} ms end to end, ${row.cpuMicrosPerRequest} µs CPU, ${row.dbCpuMicrosPerRequest ?? '–'} µs DB CPU${failure ? `; ${failure}` : ''}`,
      );
      windows.push(row);
      rows.push(row);
      continue;
    }
    const onTargets = options.compareWith
      ? targets
      : options.baselines && scenario.baselines
        ? targets.filter((target) => target.name === 'service' || scenario.baselines.includes(target.name))
        : [targets[0]];
    if (onTargets.length === 1) {
      rows.push(
        ...(await measureWindows({
          scenario,
          targets: [targets[0]],
          warmupSeconds: options.warmupSeconds,
          durationSeconds: options.durationSeconds,
        })),
      );
      continue;
    }
    const byName = Object.fromEntries(onTargets.map((target) => [target.name, target]));
    const plan = interleavedPlan(Object.keys(byName), options.rounds);
    const order = plan.filter((step) => step.round === 1).map((step) => step.target);
    for (const name of order) {
      log(`${scenario.id} ${scenario.title} → ${name}: ${options.warmupSeconds} s warm-up`);
      await warmUp({
        target: byName[name],
        scenario,
        connections: scenario.connections ?? options.connections,
        seconds: options.warmupSeconds,
        rate: options.rate,
      });
    }
    // Sequential: one window per target and round, in `plan`'s order. Together: one window per round on all targets.
    const steps = options.together
      ? Array.from({ length: options.rounds }, (_, index) => ({ round: index + 1, targets: order }))
      : plan.map((step) => ({ round: step.round, targets: [step.target] }));
    const measured = [];
    for (const step of steps) {
      measured.push(
        ...(await measureWindows({
          scenario,
          targets: step.targets.map((name) => byName[name]),
          warmupSeconds: options.roundWarmupSeconds,
          durationSeconds: options.roundSeconds,
          round: step.round,
        })),
      );
    }
    const summaries = Object.fromEntries(
      order.map((name) => [name, targetSummary(measured.filter((window) => window.target === name))]),
    );
    const { ratios, cpuRatios, cpuOverBaseline } = compareRounds(measured, { maxSpread: options.maxSpread });
    interleaved[scenario.id] = {
      order,
      rounds: options.rounds,
      roundSeconds: options.roundSeconds,
      targets: summaries,
      ratios,
      cpuRatios,
      cpuOverBaseline,
      windows: measured,
    };
    rows.push(...order.map((name) => summaries[name]));
    for (const ratio of Object.entries(ratios))
      log(
        `  ${scenario.id} service ${ratio[0]}: median ${ratio[1].median} (${ratio[1].min}–${ratio[1].max}); ${ratio[1].verdict}`,
      );
    for (const ratio of Object.entries(cpuRatios))
      log(
        `  ${scenario.id} service CPU per request ${ratio[0]}: median ${ratio[1].median} (${ratio[1].min}–${ratio[1].max}); ${ratio[1].verdict}`,
      );
  }
  report.results = rows;
  report.interleaved = Object.fromEntries(
    Object.entries(interleaved).map(([id, { windows: _windows, ...summary }]) => [id, summary]),
  );
  report.ratios = Object.fromEntries(Object.entries(interleaved).map(([id, { ratios }]) => [id, ratios]));
  report.cpuRatios = Object.fromEntries(Object.entries(interleaved).map(([id, { cpuRatios }]) => [id, cpuRatios]));
  const costs = {};
  for (const [id, byTarget] of Object.entries(statementTotals)) {
    costs[id] = Object.fromEntries(
      Object.entries(byTarget).map(([name, totals]) => [name, statementCosts(totals.statements, totals.requests)]),
    );
  }
  if (statementStats) report.pgStatements = costs;

  // Every target's memory the same way: the kernel's high-water mark (VmHWM) and its RSS at the end,
  // beside the 100 ms samples of its windows (rows); `peakRss` is the higher of them.
  report.peakMemory = Object.fromEntries(
    targets.map((target) => [
      target.name,
      { vmHwmMb: mb(statusKb(target.pid, 'VmHWM')), vmRssMb: mb(statusKb(target.pid, 'VmRSS')) },
    ]),
  );
  report.peakRssMb = peakRss(rows, report.peakMemory);
  clearTimeout(watchdog);

  // 5. Report.
  const cpuOverBaseline = Object.fromEntries(
    Object.entries(interleaved).map(([id, { cpuOverBaseline: added }]) => [id, added]),
  );
  report.targets = evaluateTargets({
    rows,
    ratios: report.ratios,
    cpuOverBaseline,
    budgets: report.budgets,
    peaks: report.peakRssMb,
    drifted: report.baselineDrift,
  });
  const out = [
    '',
    `Machine: ${report.machine.nproc} CPUs (${report.machine.cpuModel}), ${report.machine.memoryGb} GB RAM, Node ${process.version}, ${os.type()} ${os.release()}`,
    `Run: warm-up ${options.warmupSeconds} s; ` +
      (Object.keys(interleaved).length
        ? `${Object.keys(interleaved).join(', ')}: ${options.rounds} interleaved rounds of ${options.roundSeconds} s per target (after ${options.roundWarmupSeconds} s unmeasured); the others: `
        : '') +
      `${options.durationSeconds} s per scenario; ${options.connections} connections (C: 8); organisation ${fixtures.organisationId}` +
      (options.serviceNodeOptions ? `; service NODE_OPTIONS: ${options.serviceNodeOptions}` : '') +
      `; service ${Object.keys(MALLOC_ENV)
        .map((name) => `${name}=${serviceEnv[name] ?? ''}`)
        .join(' ')}` +
      (options.serviceRedisUrl ? `; service REDIS_URL: ${options.serviceRedisUrl}` : '') +
      (tracingSink ? `; service tracing on (${tracingSink.exports()} OTLP exports received)` : '') +
      (statementStats ? '; pg_stat_statements on (adds its own cost to every statement)' : ''),
    'Req/s counts every request (G: a create and a cancel are two). CPU: utime+stime from /proc over the measured window ÷ requests.',
    'Windows: rows of interleaved scenarios show the median of their rounds (peak RSS and other cores: the worst round).',
    'Other cores: machine CPU used outside the target, PostgreSQL and the harness during the window (other processes): near 0 for clean numbers.',
    '',
    resultsTable(rows, statementCounts, scenarios),
    '',
    `Service RSS: ${report.serviceStartRssMb} MB after start, ${report.peakMemory.service.vmRssMb} MB at the end; VmHWM (whole run) ${report.peakMemory.service.vmHwmMb} MB. ` +
      `Peak RSS (samples and VmHWM): ${Object.entries(report.peakRssMb)
        .map(([name, peak]) => `${name} ${peak} MB`)
        .join(', ')}`,
  ];
  const roundsHeading = options.together
    ? 'Every round (all targets loaded at the same time):'
    : 'Every round (windows in this order, one after the other):';
  if (options.compareWith && Object.keys(interleaved).length) {
    out.push(
      '',
      `This build against ${options.compareWith}: medians of the per-round ratios, (min–max) of the rounds; ` +
        `no result is claimed when the rounds spread more than ${(options.maxSpread * 100).toFixed(0)} % of the median:`,
      '',
      compareTable(interleaved),
      '',
      roundsHeading,
      '',
      roundsTable(interleaved),
    );
  } else if (Object.keys(interleaved).length) {
    out.push(
      '',
      `Throughput against the baselines (same SQL; byte-identical JSON for the reads): service req/s ÷ baseline req/s, median of the per-round ratios, (min–max) of the rounds; ` +
        `no result is claimed when the rounds spread more than ${(options.maxSpread * 100).toFixed(0)} % of the median:`,
      '',
      ratiosTable(interleaved),
      ...Object.entries(report.ratios).flatMap(([id, ratios]) =>
        Object.entries(ratios)
          .filter(([, ratio]) => !ratio.stable)
          .map(([key, ratio]) => `WARNING: ${id} ${key}: ${ratio.verdict}. Rounds: ${ratio.rounds.join(', ')}.`),
      ),
      '',
      roundsHeading,
      '',
      roundsTable(interleaved),
      '',
      "Server CPU per request (medians of the rounds; the service's addition: median (min–max) of its per-round differences):",
      '',
      costTable(interleaved),
    );
  }
  if (postmasterPid || statementStats) {
    out.push(
      '',
      'PostgreSQL per request (CPU from /proc: all server processes, of which client backends and io workers; plan/exec: pg_stat_statements wall time):',
      '',
      postgresTable(rows, costs),
    );
  }
  if (statementStats)
    out.push(
      '',
      'Statements on the service (pg_stat_statements, all windows of the scenario):',
      '',
      statementCostTable(costs),
    );
  out.push(
    '',
    'SQL statements per request (one warm request each, in-process, unloaded):',
    '',
    statementsTable(counted.results),
  );
  out.push('', 'Targets:', '', targetsTable(report.targets), '');
  if (report.failures.length)
    out.push(
      `Failures (${report.failures.length}):`,
      ...report.failures.map((failure) => `  - ${failure.split('\n')[0]}`),
      '',
    );
  process.stdout.write(`${out.join('\n')}\n`);
  return report.failures.length ? 1 : 0;
}

// ---- helpers -------------------------------------------------------------------------------

/**
 * The same URL from the service and each of the scenario's baselines must be the same bytes; fails
 * loudly if not. A mismatch is asked again once: C's cancellation policy says whether cancelling is
 * billable "now", which a booking's deadline can pass between two answers.
 */
async function compareBodies(targets, scenarios) {
  for (const scenario of scenarios) {
    const { path } = scenario.requests[0];
    const fetchAll = async () => {
      const bodies = [];
      for (const target of targets.filter((one) => one.name === 'service' || scenario.baselines.includes(one.name))) {
        const response = await fetch(`${target.url}${path}`, {
          headers: target.headers,
          signal: AbortSignal.timeout(30_000),
        });
        bodies.push({ target: target.name, status: response.status, text: await response.text() });
      }
      return bodies;
    };
    const identical = ([reference, ...others]) =>
      others.every((other) => other.status === reference.status && other.text === reference.text);
    let bodies = await fetchAll();
    if (!identical(bodies)) bodies = await fetchAll();
    const [reference, ...others] = bodies;
    if (reference.status !== 200)
      throw new Error(
        `Scenario ${scenario.id}: the service answered ${reference.status}: ${reference.text.slice(0, 300)}`,
      );
    for (const other of others) {
      if (other.status === reference.status && other.text === reference.text) continue;
      const at = firstDifference(reference.text, other.text);
      const files = [reference, other].map((body) => {
        const file = join(resultsDir, `bench-${stamp}-mismatch-${scenario.id}-${body.target}.json`);
        writeFileSync(file, body.text);
        return file;
      });
      throw new Error(
        `Scenario ${scenario.id}: ${other.target} (HTTP ${other.status}, ${other.text.length} chars) is not byte-identical to the service (${reference.text.length} chars) ` +
          `at character ${at}:\n  service: …${reference.text.slice(Math.max(0, at - 80), at + 80)}…\n  ${other.target}: …${other.text.slice(Math.max(0, at - 80), at + 80)}…\n` +
          `Both bodies: ${files.join(', ')}`,
      );
    }
    log(
      `Scenario ${scenario.id}: ${others.map((other) => other.target).join(' and ')} answer byte-identical JSON (${reference.text.length} bytes)`,
    );
    report.bodyCheck = { ...report.bodyCheck, [scenario.id]: { bytes: reference.text.length, identical: true } };
  }
}

function firstDifference(a, b) {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}

/** The server's `postgres` database: harness-only state (pg_stat_statements) stays out of the bench database. */
function maintenanceUrl(url) {
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  return maintenance.toString();
}

main().then(
  (code) => exit(code),
  (error) => exit(1, error?.stack ?? String(error)),
);
