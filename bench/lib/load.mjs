// One scenario against one target: autocannon warm-up, then the measured window, with the
// target's CPU (and PostgreSQL's) read from /proc before and after, and its RSS sampled every 100 ms.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { cpuMicros, machineBusyMicros, postgresCpuDelta, postgresCpuMicros, rssSampler } from './processes.mjs';

const running = new Set();

function cannon(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => {
      running.delete(instance);
      return error ? reject(error) : resolve(result);
    });
    running.add(instance);
    instance.on('error', reject);
  });
}

/** Stops the load in flight, if any (on the way out after a failure or a signal). */
export function stopLoad() {
  for (const instance of running) instance.stop();
  running.clear();
}

/** Fresh copies: autocannon keeps built request buffers on the objects it is given. */
const copyRequests = (requests) => requests.map((request) => ({ ...request, headers: { ...(request.headers ?? {}) } }));

/** Load without measuring, to bring a target (JIT, pools, caches) to its steady state. */
export async function warmUp({ target, scenario, connections, seconds, rate = 0 }) {
  if (seconds > 0)
    await cannon({
      url: target.url,
      connections,
      headers: target.headers,
      timeout: 30,
      duration: seconds,
      requests: copyRequests(scenario.requests),
      ...(rate ? { overallRate: rate } : {}),
    });
}

const round = (value, digits = 1) =>
  value === null || value === undefined || !Number.isFinite(value) ? null : Number(value.toFixed(digits));

/**
 * One measured window, on one target or on several at once, each under its own load (`rate` each,
 * when set): one result per target. Loaded together, a change in the machine's speed during the
 * window reaches every target alike; PostgreSQL's CPU (and its statements) cannot be told apart
 * between them then, so each result gets the whole database's CPU over all targets' requests.
 * `target`: { name, url (http://127.0.0.1:port), pid, headers }. `postmasterPid`: the embedded
 * PostgreSQL's, or null when the database is external (no DB CPU then). `statementStats`: the
 * pg_stat_statements reader (PG_STAT_STATEMENTS=1), reset before the window and read after it
 * (one target only). `round`: the interleaved round the window belongs to (null for a single window).
 */
export async function measureTogether({
  targets,
  scenario,
  connections,
  warmupSeconds,
  durationSeconds,
  postmasterPid,
  statementStats = null,
  round: roundNumber = null,
  rate = 0,
}) {
  const bases = targets.map((target) => ({
    url: target.url,
    connections,
    headers: target.headers,
    timeout: 30,
    // A fixed load (requests per second over all connections) instead of as fast as it goes.
    ...(rate ? { overallRate: rate } : {}),
  }));
  const memories = targets.map((target) => rssSampler(target.pid));
  let stopped = false;
  try {
    if (warmupSeconds > 0)
      await Promise.all(
        bases.map((base) => cannon({ ...base, duration: warmupSeconds, requests: copyRequests(scenario.requests) })),
      );

    await statementStats?.reset();
    const cpuBefore = targets.map((target) => cpuMicros(target.pid));
    const dbBefore = postmasterPid ? postgresCpuMicros(postmasterPid) : null;
    const loadBefore = process.cpuUsage();
    const machineBefore = machineBusyMicros();
    // Each target's CPU is read when its own load ends: autocannon sometimes runs one instance a
    // second longer, and that second's idle CPU must not count against the other's requests.
    const cpus = [];
    const results = await Promise.all(
      bases.map((base, index) =>
        cannon({ ...base, duration: durationSeconds, requests: copyRequests(scenario.requests) }).then((result) => {
          cpus[index] = cpuMicros(targets[index].pid) - cpuBefore[index];
          return result;
        }),
      ),
    );
    const load = process.cpuUsage(loadBefore);
    const dbDelta = postmasterPid ? postgresCpuDelta(dbBefore, postgresCpuMicros(postmasterPid)) : null;
    const db = dbDelta?.total ?? null;
    const dbBackends = dbDelta?.backends ?? null;
    const dbIoWorkers = dbDelta?.ioWorkers ?? null;
    // Everything else the machine did meanwhile (other processes, the kernel's share not charged
    // to these): should be near 0; a large value means the numbers are disturbed.
    const other =
      machineBusyMicros() -
      machineBefore -
      cpus.reduce((sum, cpu) => sum + cpu, 0) -
      (db ?? 0) -
      (load.user + load.system);
    const peaks = memories.map((memory) => memory.stop().peakKb);
    stopped = true;
    const pgStatements = statementStats ? await statementStats.read() : null;
    const allRequests = results.reduce((sum, result) => sum + result.requests.total, 0);

    return results.map((result, index) => {
      const requests = result.requests.total;
      const cpu = cpus[index];
      const errors = result.errors + result.non2xx;
      const statusCodes = Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]),
      );
      return {
        target: targets[index].name,
        scenario: scenario.id,
        round: roundNumber,
        connections,
        durationSeconds: result.duration,
        requests,
        requestsPerSecond: round(requests / result.duration, 1),
        latencyMs: {
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
          mean: round(result.latency.average, 2),
        },
        errors,
        connectionErrors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        statusCodes,
        cpuMicrosPerRequest: requests ? round(cpu / requests, 0) : null,
        cpuUtilisation: round(cpu / 1e6 / result.duration, 2),
        dbCpuMicrosPerRequest: db !== null && allRequests ? round(db / allRequests, 0) : null,
        dbBackendCpuMicrosPerRequest: dbBackends !== null && allRequests ? round(dbBackends / allRequests, 0) : null,
        dbIoWorkerCpuMicrosPerRequest: dbIoWorkers !== null && allRequests ? round(dbIoWorkers / allRequests, 0) : null,
        dbBackendsStarted: dbDelta?.backendsStarted ?? null,
        dbBackendsExited: dbDelta?.backendsExited ?? null,
        dbCpuUtilisation: db !== null ? round(db / 1e6 / result.duration, 2) : null,
        loadGeneratorCpuUtilisation: round((load.user + load.system) / 1e6 / result.duration, 2),
        otherCpuUtilisation: round(Math.max(0, other) / 1e6 / result.duration, 2),
        throughputBytesPerSecond: Math.round(result.throughput.average),
        // Warm-up and measured window.
        peakRssMb: round(peaks[index] / 1024, 1),
        // Aggregated by the harness per scenario and target, then dropped from the window.
        pgStatements: targets.length === 1 ? pgStatements : null,
      };
    });
  } finally {
    if (!stopped) for (const memory of memories) memory.stop();
  }
}

/**
 * A scenario of one request (`once`: K's payout run), timed end to end with fetch, with the
 * target's and PostgreSQL's CPU over it. Returns a row shaped like `measure`'s (one request, its
 * time as every latency percentile) and what `scenario.check` said of the answer.
 */
export async function measureOnce({ target, scenario, postmasterPid }) {
  const [template] = scenario.requests;
  const request = template.setupRequest(
    { method: template.method, path: template.path, headers: { ...target.headers, ...template.headers } },
    {},
  );
  const memory = rssSampler(target.pid);
  const cpuBefore = cpuMicros(target.pid);
  const dbBefore = postmasterPid ? postgresCpuMicros(postmasterPid) : null;
  const loadBefore = process.cpuUsage();
  const machineBefore = machineBusyMicros();
  const started = performance.now();
  const response = await fetch(`${target.url}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  const load = process.cpuUsage(loadBefore);
  const cpu = cpuMicros(target.pid) - cpuBefore;
  const dbDelta = postmasterPid ? postgresCpuDelta(dbBefore, postgresCpuMicros(postmasterPid)) : null;
  const other = machineBusyMicros() - machineBefore - cpu - (dbDelta?.total ?? 0) - (load.user + load.system);
  const { peakKb } = memory.stop();
  const expected = scenario.expect?.[0] ?? 200;
  const latency = round(ms, 1);
  return {
    target: target.name,
    scenario: scenario.id,
    round: null,
    connections: 1,
    durationSeconds: round(ms / 1000, 3),
    requests: 1,
    requestsPerSecond: round(1000 / ms, 2),
    latencyMs: { p50: latency, p90: latency, p99: latency, max: latency, mean: latency },
    errors: response.status === expected ? 0 : 1,
    connectionErrors: 0,
    timeouts: 0,
    non2xx: response.ok ? 0 : 1,
    statusCodes: { [response.status]: 1 },
    cpuMicrosPerRequest: round(cpu, 0),
    cpuUtilisation: round(cpu / 1e3 / ms, 2),
    dbCpuMicrosPerRequest: dbDelta ? round(dbDelta.total, 0) : null,
    dbBackendCpuMicrosPerRequest: dbDelta ? round(dbDelta.backends, 0) : null,
    dbIoWorkerCpuMicrosPerRequest: dbDelta ? round(dbDelta.ioWorkers, 0) : null,
    dbBackendsStarted: dbDelta?.backendsStarted ?? null,
    dbBackendsExited: dbDelta?.backendsExited ?? null,
    dbCpuUtilisation: dbDelta ? round(dbDelta.total / 1e3 / ms, 2) : null,
    loadGeneratorCpuUtilisation: round((load.user + load.system) / 1e3 / ms, 2),
    otherCpuUtilisation: round(Math.max(0, other) / 1e3 / ms, 2),
    throughputBytesPerSecond: Math.round(Buffer.byteLength(text) / (ms / 1000)),
    peakRssMb: round(peakKb / 1024, 1),
    failure:
      response.status === expected
        ? (scenario.check?.(text) ?? null)
        : `${scenario.id} answered ${response.status}: ${text.slice(0, 300)}`,
  };
}
