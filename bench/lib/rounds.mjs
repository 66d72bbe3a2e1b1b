// Interleaved rounds: a scenario with baselines is measured service, nest-express, node-http-pg,
// service, … in short windows, so a disturbance on the machine hits every target of a round alike.
// Each round gives one ratio per baseline; the run reports their median and spread, and refuses to
// claim a result when the rounds disagree by more than the allowed spread.

export const SERVICE = 'service';
/** The window order inside a round: the service next to the baseline its main target is against. */
export const TARGET_ORDER = [SERVICE, 'nest-express', 'node-http-pg'];

/**
 * The key under `ratios.<scenario>` for the service ÷ `baseline` ratio: the baseline's name in
 * camel case (`nest-express` → `nestExpress`, `node-http-pg` → `nodeHttpPg`, `compare`).
 */
export const ratioKey = (baseline) => baseline.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());

export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const round = (value, digits) => (value === null || !Number.isFinite(value) ? null : Number(value.toFixed(digits)));

/**
 * Median, min, max and spread of one number across rounds. `spread` is (max − min) ÷ median: the
 * whole range of the rounds relative to the result, not an interquartile range (with 3–5 rounds
 * there are no quartiles worth the name).
 */
export function summarise(values, digits = 3) {
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.length === 0) return { median: null, min: null, max: null, spread: null, values };
  const middle = median(finite);
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  return {
    median: round(middle, digits),
    min: round(min, digits),
    max: round(max, digits),
    spread: middle ? round((max - min) / Math.abs(middle), 3) : null,
    values: values.map((value) => (Number.isFinite(value) ? round(value, digits) : null)),
  };
}

/** The windows of a scenario in measuring order: every round runs each target once, service first. */
export function interleavedPlan(targetNames, rounds) {
  const ordered = [
    ...TARGET_ORDER.filter((name) => targetNames.includes(name)),
    ...targetNames.filter((name) => !TARGET_ORDER.includes(name)),
  ];
  const plan = [];
  for (let index = 1; index <= rounds; index++) for (const target of ordered) plan.push({ round: index, target });
  return plan;
}

/**
 * Per round, service ÷ baseline for throughput and for CPU per request, and service − baseline for
 * CPU per request; then their summaries. A ratio is `{ median, min, max, spread, rounds, complete,
 * maxSpread, stable, verdict }`: `rounds` its value in each round (null where a window is missing),
 * `complete` how many rounds have one. `stable` is false when the rounds disagree by more than
 * `maxSpread` or are fewer than three, and then the run claims no ratio. `windows`: the scenario's
 * measured windows, each with `round`.
 */
export function compareRounds(windows, { maxSpread }) {
  const byRound = new Map();
  for (const window of windows) {
    if (!byRound.has(window.round)) byRound.set(window.round, new Map());
    byRound.get(window.round).set(window.target, window);
  }
  const rounds = [...byRound.keys()].sort((a, b) => a - b);
  const baselines = [...new Set(windows.map((window) => window.target))].filter((name) => name !== SERVICE);
  const ratios = {};
  const cpuRatios = {};
  const cpuOverBaseline = {};
  const judged = ({ values, ...ratio }) => {
    const complete = values.filter((value) => value !== null).length;
    const stable = complete >= 3 && ratio.spread !== null && ratio.spread <= maxSpread;
    return {
      ...ratio,
      rounds: values,
      complete,
      maxSpread,
      stable,
      verdict: verdict(complete, ratio.spread, maxSpread),
    };
  };
  for (const baseline of baselines) {
    const pairs = rounds.map((index) => [byRound.get(index).get(SERVICE), byRound.get(index).get(baseline)]);
    ratios[ratioKey(baseline)] = judged(
      summarise(
        pairs.map(([service, other]) =>
          service && other?.requestsPerSecond ? service.requestsPerSecond / other.requestsPerSecond : null,
        ),
      ),
    );
    // CPU per request, service ÷ baseline: what a change costs or saves, whatever the throughput.
    cpuRatios[ratioKey(baseline)] = judged(
      summarise(
        pairs.map(([service, other]) =>
          service?.cpuMicrosPerRequest != null && other?.cpuMicrosPerRequest
            ? service.cpuMicrosPerRequest / other.cpuMicrosPerRequest
            : null,
        ),
      ),
    );
    cpuOverBaseline[baseline] = summarise(
      pairs.map(([service, other]) =>
        service?.cpuMicrosPerRequest != null && other?.cpuMicrosPerRequest != null
          ? service.cpuMicrosPerRequest - other.cpuMicrosPerRequest
          : null,
      ),
      0,
    );
  }
  return { ratios, cpuRatios, cpuOverBaseline };
}

function verdict(complete, spread, maxSpread) {
  if (complete < 3) return `only ${complete} complete round(s): no result (3 needed)`;
  const percent = (value) => `${(value * 100).toFixed(1)} %`;
  if (spread > maxSpread) return `ROUNDS DISAGREE by ${percent(spread)} (> ${percent(maxSpread)}): no result claimed`;
  return `rounds agree within ${percent(spread)}`;
}

/**
 * One row per target for the scenario's tables: medians across rounds (req/s, latency, CPU),
 * worst cases where a worst case is what matters (peak RSS, other cores), errors summed.
 */
export function targetSummary(windows) {
  const first = windows[0];
  const pick = (read) => windows.map(read);
  const middle = (read, digits = 1) => summarise(pick(read), digits).median;
  const statusCodes = {};
  for (const window of windows)
    for (const [code, count] of Object.entries(window.statusCodes ?? {}))
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const worst = (read) => {
    const values = pick(read).filter((value) => Number.isFinite(value));
    return values.length ? Math.max(...values) : null;
  };
  return {
    target: first.target,
    scenario: first.scenario,
    connections: first.connections,
    rounds: windows.length,
    durationSeconds: windows.reduce((sum, window) => sum + window.durationSeconds, 0),
    requests: windows.reduce((sum, window) => sum + window.requests, 0),
    requestsPerSecond: middle((window) => window.requestsPerSecond),
    latencyMs: {
      p50: middle((window) => window.latencyMs.p50),
      p90: middle((window) => window.latencyMs.p90),
      p99: middle((window) => window.latencyMs.p99),
      max: worst((window) => window.latencyMs.max),
    },
    errors: windows.reduce((sum, window) => sum + window.errors, 0),
    statusCodes,
    cpuMicrosPerRequest: middle((window) => window.cpuMicrosPerRequest, 0),
    cpuUtilisation: middle((window) => window.cpuUtilisation, 2),
    dbCpuMicrosPerRequest: middle((window) => window.dbCpuMicrosPerRequest, 0),
    dbBackendCpuMicrosPerRequest: middle((window) => window.dbBackendCpuMicrosPerRequest, 0),
    dbIoWorkerCpuMicrosPerRequest: middle((window) => window.dbIoWorkerCpuMicrosPerRequest, 0),
    dbCpuUtilisation: middle((window) => window.dbCpuUtilisation, 2),
    loadGeneratorCpuUtilisation: middle((window) => window.loadGeneratorCpuUtilisation, 2),
    otherCpuUtilisation: worst((window) => window.otherCpuUtilisation),
    peakRssMb: worst((window) => window.peakRssMb),
    spread: {
      requestsPerSecond: summarise(
        pick((window) => window.requestsPerSecond),
        1,
      ),
      cpuMicrosPerRequest: summarise(
        pick((window) => window.cpuMicrosPerRequest),
        0,
      ),
      dbCpuMicrosPerRequest: summarise(
        pick((window) => window.dbCpuMicrosPerRequest),
        0,
      ),
      p99Ms: summarise(
        pick((window) => window.latencyMs.p99),
        1,
      ),
    },
  };
}
