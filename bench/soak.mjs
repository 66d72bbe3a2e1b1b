// `npm run soak [-- --minutes N --rate N]`: scenario H of the bench (80 % reads, 20 % writes) at a
// fixed rate below saturation on the service as production runs it, for 20 minutes by default. Every
// 10 s it samples the service's RSS and its V8 heap after a full collection; from the third minute
// on, neither may trend upward (the least-squares slope of the samples under 1 MB per 10 minutes),
// and no request may fail. Prints the slopes and writes bench/results/soak-<time>.json. See
// bench/README.md ("Soak").
//
// Loopback only. Every process it starts (embedded PostgreSQL, the service) is stopped on the way
// out, on success, failure, Ctrl-C or the watchdog; every wait is bounded in time.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildIfNeeded, root } from '../scripts/build-if-needed.mjs';
import { HEAP_FLAGS } from '../scripts/memory-settings.mjs';
import { findFixtures, removeBenchBookings, slotPlan } from './lib/fixtures.mjs';
import {
  cleanupStack,
  exitOnce,
  machineInfo,
  mb,
  numberOption,
  readSecret,
  serviceEnvironment,
  startEmbeddedDatabase,
} from './lib/harness.mjs';
import { connectInspector, INSPECTOR_LINE } from './lib/inspector.mjs';
import { measureTogether } from './lib/load.mjs';
import { freePort, sleep, startNode, statusKb, waitForHttp } from './lib/processes.mjs';
import { defineScenarios, slotSource } from './lib/scenarios.mjs';
import { leastSquaresSlope } from './lib/trend.mjs';

const SAMPLE_SECONDS = 10;
/** Start-up and warm-up (JIT, pools, caches) grow memory; the trend is taken after them. */
const SETTLE_SECONDS = 120;
const LIMIT_MB_PER_10_MINUTES = 1;
const LOOPBACK = ['127.0.0.1', 'localhost', '::1', '[::1]'];

const { values: flags } = parseArgs({ options: { minutes: { type: 'string' }, rate: { type: 'string' } } });
/** `--<flag> N` on the command line, else the environment variable `name`, else `fallback`. */
function flagOrOption(flag, name, fallback, range) {
  if (flags[flag] === undefined) return numberOption(name, fallback, range);
  const value = Number(flags[flag]);
  if (!(value >= range.min && value <= range.max))
    throw new Error(`--${flag} must be a number from ${range.min} to ${range.max}, got "${flags[flag]}"`);
  return value;
}
const options = {
  dataDir: resolve(process.env.DATA_DIR || join(root, '.data')),
  databaseUrl: process.env.DATABASE_URL || undefined,
  minutes: flagOrOption('minutes', 'SOAK_MINUTES', 20, { min: 1, max: 240 }),
  // Requests per second over all connections: well below what H saturates at, so nothing queues.
  rate: flagOrOption('rate', 'SOAK_RATE', 50, { min: 1, max: 10_000 }),
  connections: numberOption('CONNECTIONS', 8, { min: 1, max: 256 }),
  heapSnapshots: process.env.SOAK_HEAP_SNAPSHOTS === '1',
};
// A short run (a quick check) leaves its second half for the trend.
const settleSeconds = Math.min(SETTLE_SECONDS, (options.minutes * 60) / 2);
const BOOTSTRAP_KEY = 'sk_soak_harness_local_only_key';
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const resultsDir = join(root, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
const resultFile = join(resultsDir, `soak-${stamp}.json`);

const log = (line) => process.stdout.write(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
const { onCleanup, cleanup } = cleanupStack('soak');
const report = {
  startedAt: new Date().toISOString(),
  options: { ...options, databaseUrl: options.databaseUrl ? '(set)' : undefined },
  machine: machineInfo(),
  failures: [],
};

const exit = exitOnce({ name: 'soak', report, resultFile, log, cleanup });

async function main() {
  const budgetSeconds = options.minutes * 60 + 900;
  const watchdog = setTimeout(
    () => void exit(2, `watchdog: the soak took more than ${budgetSeconds} s`),
    budgetSeconds * 1000,
  );
  log(`Options: ${JSON.stringify(report.options)}; watchdog ${budgetSeconds} s`);
  buildIfNeeded();

  let databaseUrl = options.databaseUrl;
  if (databaseUrl) {
    if (!LOOPBACK.includes(new URL(databaseUrl).hostname))
      throw new Error('DATABASE_URL must point at this machine (loopback): the soak stays on loopback');
  } else {
    if (!existsSync(join(options.dataDir, 'pg', 'PG_VERSION')))
      throw new Error(
        `No database in ${options.dataDir}: run \`DATA_DIR=${options.dataDir} npm run seed -- --scale bench\` first.`,
      );
    log(`Starting embedded PostgreSQL in ${options.dataDir}`);
    const database = startEmbeddedDatabase(options.dataDir, join(resultsDir, `soak-${stamp}-postgres.log`));
    onCleanup('stop embedded PostgreSQL', () => database.handle.stop(20_000));
    databaseUrl = await database.url();
  }
  const walletKey = process.env.WALLET_ENCRYPTION_KEY || readSecret(join(options.dataDir, 'wallet-encryption-key'));
  if (!walletKey)
    throw new Error(
      `No wallet key: set WALLET_ENCRYPTION_KEY or keep ${options.dataDir}/wallet-encryption-key (written by the seed).`,
    );

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  onCleanup('remove the bookings H made, close the harness pool', async () => {
    try {
      const removed = await removeBenchBookings(pool);
      if (removed) log(`Removed ${removed} bookings created by H`);
    } finally {
      await pool.end();
    }
  });
  const leftovers = await removeBenchBookings(pool);
  if (leftovers) log(`Removed ${leftovers} bookings left by an earlier run`);
  const fixtures = await findFixtures(pool);
  report.organisationId = fixtures.organisationId;
  const nextSlot = slotSource(await slotPlan(pool, fixtures.booking), `soak${stamp.replace(/\D/g, '').slice(0, 14)}`);
  const scenario = defineScenarios(fixtures, nextSlot, nextSlot).find((one) => one.id === 'H');

  // The service as production runs it, with its metrics on a loopback port of their own (scraped at
  // every sample, as Prometheus would) and its inspector on loopback, to read the heap after a full GC.
  const port = await freePort();
  const metricsPort = await freePort();
  const service = startNode('service', join(root, 'dist', 'apps', 'api', 'src', 'main.js'), {
    cwd: root,
    env: {
      ...serviceEnvironment({ databaseUrl, dataDir: options.dataDir, walletKey, bootstrapKey: BOOTSTRAP_KEY }),
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
    },
    nodeArgs: [...HEAP_FLAGS, '--inspect=127.0.0.1:0'],
    logFile: join(resultsDir, `soak-${stamp}-service.log`),
  });
  onCleanup('stop the service', () => service.stop());
  await waitForHttp(service, `http://127.0.0.1:${port}/health/live`);
  const inspector = await connectInspector(INSPECTOR_LINE.exec(await service.waitForLine(INSPECTOR_LINE))[1]);
  onCleanup('close the inspector', async () => inspector.close());
  report.serviceStartRssMb = mb(statusKb(service.pid, 'VmRSS'));
  log(`Service pid ${service.pid} on 127.0.0.1:${port} (RSS ${report.serviceStartRssMb} MB after start)`);
  log(
    `H (${scenario.title}) at ${options.rate} req/s over ${options.connections} connections for ${options.minutes} min; ` +
      `samples every ${SAMPLE_SECONDS} s, the trend from ${settleSeconds} s on`,
  );

  const samples = [];
  report.samples = samples;
  let scrapeFailures = 0;
  const startedAt = Date.now();
  const snapshot = async (name) => {
    const file = join(resultsDir, `soak-${stamp}-${name}.heapsnapshot`);
    await inspector.writeHeapSnapshot(file);
    log(`Heap snapshot: ${file}`);
  };
  const sample = async () => {
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(10_000) })
      .then((response) => response.text().then(() => response.ok))
      .catch(() => false);
    if (!scraped) scrapeFailures++;
    const heapBytes = await inspector.heapUsedAfterGc();
    const one = {
      t: Math.round((Date.now() - startedAt) / 1000),
      rssMb: mb(statusKb(service.pid, 'VmRSS')),
      heapMb: Number((heapBytes / 2 ** 20).toFixed(2)),
    };
    samples.push(one);
    if (one.t % 60 < SAMPLE_SECONDS) log(`  ${one.t} s: RSS ${one.rssMb} MB, heap ${one.heapMb} MB`);
    // Writing a snapshot grows RSS for good by about its size: the first is taken halfway through the
    // settling, so that step lies before the samples the trend is taken from.
    if (options.heapSnapshots && one.t >= settleSeconds / 2 && report.firstSnapshotAt === undefined) {
      report.firstSnapshotAt = one.t;
      await snapshot('start');
    }
  };
  let loading = true;
  const sampling = (async () => {
    for (let next = 0; loading; next += SAMPLE_SECONDS * 1000) {
      await sleep(startedAt + next - Date.now());
      if (loading) await sample();
    }
  })();
  const [load] = await measureTogether({
    targets: [
      {
        name: 'service',
        url: `http://127.0.0.1:${port}`,
        pid: service.pid,
        headers: { authorization: `Bearer ${BOOTSTRAP_KEY}` },
      },
    ],
    scenario,
    connections: options.connections,
    warmupSeconds: 0,
    durationSeconds: options.minutes * 60,
    postmasterPid: null,
    rate: options.rate,
  }).finally(() => (loading = false));
  await sampling;
  if (options.heapSnapshots) await snapshot('end');
  clearTimeout(watchdog);

  const trend = samples.filter((one) => one.t >= settleSeconds);
  const slope = (key) =>
    round(
      leastSquaresSlope(
        trend.map((one) => ({ t: one.t, y: one[key] })),
        600,
      ),
      2,
    );
  const summary = (key) => ({
    atSettle: trend[0]?.[key] ?? null,
    end: samples.at(-1)[key],
    max: Math.max(...trend.map((one) => one[key])),
  });
  report.load = load;
  report.trend = {
    fromSeconds: settleSeconds,
    samples: trend.length,
    rssMbPer10Minutes: slope('rssMb'),
    heapMbPer10Minutes: slope('heapMb'),
    limitMbPer10Minutes: LIMIT_MB_PER_10_MINUTES,
  };
  report.rss = summary('rssMb');
  report.heap = summary('heapMb');
  report.scrapeFailures = scrapeFailures;
  const rising = ['rssMbPer10Minutes', 'heapMbPer10Minutes'].filter(
    (key) => !(report.trend[key] < LIMIT_MB_PER_10_MINUTES),
  );
  for (const key of rising) report.failures.push(`${key}: ${report.trend[key]} (limit ${LIMIT_MB_PER_10_MINUTES})`);
  if (load.errors || load.timeouts)
    report.failures.push(
      `${load.errors} requests failed (${JSON.stringify(load.statusCodes)}), ${load.timeouts} timed out`,
    );
  if (scrapeFailures) report.failures.push(`${scrapeFailures} metrics scrapes failed`);
  report.passed = report.failures.length === 0;

  const signed = (value) => (value === null ? 'n/a' : `${value >= 0 ? '+' : ''}${value}`);
  process.stdout.write(
    [
      '',
      `Soak: H at ${options.rate} req/s over ${options.connections} connections for ${options.minutes} min; ${trend.length} samples from ${settleSeconds} s on (every ${SAMPLE_SECONDS} s)`,
      `  RSS:  ${signed(report.trend.rssMbPer10Minutes)} MB per 10 min; ${report.rss.atSettle} MB at ${settleSeconds} s, ${report.rss.end} MB at the end (max ${report.rss.max}; ${report.serviceStartRssMb} after start)`,
      `  Heap after a full GC: ${signed(report.trend.heapMbPer10Minutes)} MB per 10 min; ${report.heap.atSettle} MB at ${settleSeconds} s, ${report.heap.end} MB at the end (max ${report.heap.max})`,
      `  Requests: ${load.requests} (${load.requestsPerSecond}/s), p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms; errors ${load.errors} ${JSON.stringify(load.statusCodes)}, timeouts ${load.timeouts}; failed scrapes ${scrapeFailures}`,
      report.passed
        ? `  Passed: both slopes under ${LIMIT_MB_PER_10_MINUTES} MB per 10 min, no error.`
        : `  FAILED: ${report.failures.join('; ')}`,
      '',
    ].join('\n'),
  );
  return report.passed ? 0 : 1;
}

const round = (value, digits) => (value === null ? null : Number(value.toFixed(digits)));

main().then(
  (code) => exit(code),
  (error) => exit(1, error?.stack ?? String(error)),
);
