// Tables (Markdown: `npm run bench:table` writes the results table into docs/performance.md) and the targets.

export function table(headers, rows, align = headers.map((_, index) => (index < 2 ? 'left' : 'right'))) {
  const cells = rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '–' : String(cell))));
  const widths = headers.map((header, index) => Math.max(header.length, ...cells.map((row) => row[index].length)));
  const pad = (text, index) => (align[index] === 'left' ? text.padEnd(widths[index]) : text.padStart(widths[index]));
  const line = (row) => `| ${row.map(pad).join(' | ')} |`;
  const rule = `|${widths.map((width, index) => (align[index] === 'left' ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [line(headers), rule, ...cells.map(line)].join('\n');
}

const firstLeft = (columns) => ['left', ...Array(columns - 1).fill('right')];

const fixed = (value, digits = 0) => (value === null || value === undefined ? null : Number(value).toFixed(digits));

const range = (summary, digits = 0) => (summary?.median == null ? null : `${fixed(summary.min, digits)}–${fixed(summary.max, digits)}`);

/** One row per target and scenario: a single window, or the medians of an interleaved scenario's rounds. */
export function resultsTable(rows, statements, scenarios) {
  const titles = Object.fromEntries(scenarios.map((scenario) => [scenario.id, scenario.title]));
  return table(
    ['Scenario', 'Target', 'Conns', 'Windows', 'Req/s', 'p50 ms', 'p99 ms', 'Errors', 'CPU µs/req', 'DB CPU µs/req', 'Peak RSS MB', 'SQL/req', 'Other cores'],
    rows.map((run) => [
      `${run.scenario} ${titles[run.scenario]}`,
      run.target,
      run.connections,
      run.rounds ? `${run.rounds} (median)` : 1,
      fixed(run.requestsPerSecond, 0),
      run.latencyMs.p50,
      run.latencyMs.p99,
      run.errors
        ? `${run.errors} (${
            Object.entries(run.statusCodes)
              .filter(([code]) => !code.startsWith('2'))
              .map(([code, count]) => `${code}×${count}`)
              .join(' ') || 'conn'
          })`
        : 0,
      run.cpuMicrosPerRequest,
      run.dbCpuMicrosPerRequest,
      fixed(run.peakRssMb, 0),
      statements?.[run.target]?.[run.scenario] ?? null,
      fixed(run.otherCpuUtilisation, 2),
    ]),
  );
}

/**
 * Service against each baseline, per interleaved scenario: the median of the per-round ratios and
 * their range (min–max), and whether the rounds agree enough to claim it.
 */
export function ratiosTable(interleaved) {
  const rows = [];
  for (const [scenario, { targets, ratios }] of Object.entries(interleaved)) {
    const rps = (name) => targets[name]?.spread.requestsPerSecond;
    const cell = (summary, digits) => (summary?.median == null ? null : `${fixed(summary.median, digits)} (${range(summary, digits)})`);
    rows.push([
      scenario,
      cell(rps('service'), 0),
      cell(rps('nest-express'), 0),
      cell(rps('node-http-pg'), 0),
      cell(ratios.vsNestExpress, 2),
      ratios.vsNestExpress?.verdict ?? null,
      cell(ratios.vsNodeHttpPg, 2),
      ratios.vsNodeHttpPg?.verdict ?? null,
    ]);
  }
  return table(
    [
      'Scenario',
      'service req/s',
      'nest-express req/s',
      'node-http-pg req/s',
      'service ÷ nest-express',
      'rounds (÷ nest-express)',
      'service ÷ node-http-pg',
      'rounds (÷ node-http-pg)',
    ],
    rows,
    ['left', 'right', 'right', 'right', 'right', 'left', 'right', 'left'],
  );
}

/** Every window of every interleaved round, in the order measured, with that round's ratios. */
export function roundsTable(interleaved) {
  const rows = [];
  for (const [scenario, { windows, order }] of Object.entries(interleaved)) {
    const rounds = [...new Set(windows.map((window) => window.round))];
    for (const index of rounds) {
      const inRound = Object.fromEntries(windows.filter((window) => window.round === index).map((window) => [window.target, window]));
      const ratio = (baseline, key) => (inRound.service && inRound[baseline] ? fixed(inRound.service[key] / inRound[baseline][key], 3) : null);
      rows.push([
        scenario,
        index,
        ...order.map((name) => fixed(inRound[name]?.requestsPerSecond, 0)),
        ...order.map((name) => inRound[name]?.cpuMicrosPerRequest ?? null),
        ...order.map((name) => inRound[name]?.dbCpuMicrosPerRequest ?? null),
        ...others(order).flatMap((name) => [ratio(name, 'requestsPerSecond'), ratio(name, 'cpuMicrosPerRequest')]),
        fixed(Math.max(...Object.values(inRound).map((window) => window.otherCpuUtilisation ?? 0)), 2),
      ]);
    }
  }
  const order = Object.values(interleaved)[0]?.order ?? [];
  return table(
    [
      'Scenario',
      'Round',
      ...order.map((name) => `${name} req/s`),
      ...order.map((name) => `${name} CPU µs`),
      ...order.map((name) => `${name} DB µs`),
      ...others(order).flatMap((name) => [`req/s ÷ ${name}`, `CPU/req ÷ ${name}`]),
      'Other cores (max)',
    ],
    rows,
    firstLeft(3 + others(order).length * 2 + order.length * 3),
  );
}

const others = (order) => order.filter((name) => name !== 'service');

/**
 * This build against another (`COMPARE_WITH`), per scenario: throughput and CPU per request of
 * each (medians of the rounds), and the per-round ratios' median, range and verdict.
 */
export function compareTable(interleaved) {
  const rows = [];
  for (const [scenario, { targets, ratios, cpuRatios }] of Object.entries(interleaved)) {
    const cell = (summary, digits) => (summary?.median == null ? null : `${fixed(summary.median, digits)} (${range(summary, digits)})`);
    rows.push([
      scenario,
      cell(targets.service?.spread.requestsPerSecond, 0),
      cell(targets.compare?.spread.requestsPerSecond, 0),
      cell(ratios.vsCompare, 3),
      ratios.vsCompare?.verdict ?? null,
      cell(targets.service?.spread.cpuMicrosPerRequest, 0),
      cell(targets.compare?.spread.cpuMicrosPerRequest, 0),
      cell(cpuRatios.vsCompare, 3),
      cpuRatios.vsCompare?.verdict ?? null,
      `${targets.service?.dbCpuMicrosPerRequest ?? '–'} / ${targets.compare?.dbCpuMicrosPerRequest ?? '–'}`,
    ]);
  }
  return table(
    [
      'Scenario',
      'this req/s',
      'compared req/s',
      'req/s ratio',
      'rounds (req/s)',
      'this CPU µs/req',
      'compared CPU µs/req',
      'CPU ratio',
      'rounds (CPU)',
      'PostgreSQL µs/req (this / compared)',
    ],
    rows,
    ['left', 'right', 'right', 'right', 'left', 'right', 'right', 'right', 'left', 'right'],
  );
}

/**
 * Where a request's server CPU goes, from the service and the two baselines doing the same SQL:
 * medians across rounds; the service's own addition is the median of its per-round differences.
 */
export function costTable(interleaved) {
  const rows = [];
  for (const [scenario, { targets, cpuOverBaseline }] of Object.entries(interleaved)) {
    const service = targets.service;
    const node = targets['node-http-pg'];
    const nest = targets['nest-express'];
    if (!service || !node || !nest) continue;
    const added = cpuOverBaseline['nest-express'];
    rows.push([
      scenario,
      node.cpuMicrosPerRequest,
      nest.cpuMicrosPerRequest - node.cpuMicrosPerRequest,
      `${added.median} (${range(added)})`,
      service.cpuMicrosPerRequest,
      `${service.dbCpuMicrosPerRequest ?? '–'} / ${nest.dbCpuMicrosPerRequest ?? '–'} / ${node.dbCpuMicrosPerRequest ?? '–'}`,
      fixed(service.cpuUtilisation, 2),
      fixed(service.dbCpuUtilisation, 2),
      fixed(service.loadGeneratorCpuUtilisation, 2),
    ]);
  }
  return table(
    [
      'Scenario',
      'pg + JSON + http (node-http-pg) µs',
      '+ Nest/Express µs',
      '+ the service µs (rounds)',
      '= service µs/req',
      'PostgreSQL µs/req (service / nest-express / node-http-pg)',
      'service cores',
      'PostgreSQL cores',
      'autocannon cores',
    ],
    rows,
    firstLeft(9),
  );
}

/** PostgreSQL's side of every scenario: CPU from /proc, and (PG_STAT_STATEMENTS=1) planning and execution time. */
export function postgresTable(rows, costs) {
  const withCosts = Object.keys(costs ?? {}).length > 0;
  return table(
    ['Scenario', 'Target', 'DB CPU µs/req', 'backends µs/req', 'io workers µs/req', ...(withCosts ? ['statements/req', 'plan µs/req', 'exec µs/req'] : [])],
    rows
      .filter((row) => row.dbCpuMicrosPerRequest != null || costs?.[row.scenario]?.[row.target])
      .map((row) => {
        const cost = costs?.[row.scenario]?.[row.target];
        return [
          row.scenario,
          row.target,
          row.dbCpuMicrosPerRequest,
          row.dbBackendCpuMicrosPerRequest,
          row.dbIoWorkerCpuMicrosPerRequest,
          ...(withCosts ? [cost?.statementsPerRequest ?? null, cost?.planMicrosPerRequest ?? null, cost?.execMicrosPerRequest ?? null] : []),
        ];
      }),
  );
}

/** Each statement of each scenario on the service: how often per request, planning and execution. */
export function statementCostTable(costs) {
  const rows = [];
  for (const [scenario, byTarget] of Object.entries(costs)) {
    const cost = byTarget.service;
    if (!cost) continue;
    for (const statement of cost.statements.filter((entry) => entry.callsPerRequest >= 0.01)) {
      rows.push([
        scenario,
        statement.query.length > 90 ? `${statement.query.slice(0, 87)}...` : statement.query,
        fixed(statement.callsPerRequest, 2),
        fixed(statement.planMicrosPerCall, 0),
        fixed(statement.execMicrosPerCall, 0),
        fixed(statement.rowsPerCall, 1),
        fixed(statement.sharedBlocksPerCall, 1),
      ]);
    }
  }
  return table(['Scenario', 'Statement (service)', 'calls/req', 'plan µs/call', 'exec µs/call', 'rows/call', 'buffers/call'], rows);
}

export function statementsTable(statementResults) {
  const rows = [];
  for (const [scenario, { requests }] of Object.entries(statementResults)) {
    for (const request of requests) {
      rows.push([
        scenario,
        `${request.method} ${request.path
          .replace(/org_[A-Za-z0-9]+/, '{org}')
          .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}')
          .slice(0, 70)}`,
        request.ok ? request.status : `${request.status} (unexpected)`,
        request.statements,
        fixed(request.sqlMs, 1),
        fixed(request.wallMs, 1),
        fixed(request.bodyBytes / 1024, 1),
        request.stringifyMicros,
      ]);
    }
  }
  return table(['Scenario', 'Request', 'Status', 'SQL statements', 'SQL ms (sum)', 'Wall ms (unloaded)', 'Body KB', 'JSON.stringify µs'], rows);
}

/** A reference run on a quiet machine (10 s windows): PostgreSQL CPU µs per request. */
const POSTGRES_REFERENCE = { A: 454, B: 1207 };

/**
 * The targets the bench checks. A ratio counts only when its rounds agree (`stable`); otherwise it is
 * "not claimed" (pass null), whatever its median says.
 */
export function evaluateTargets({ rows, ratios, cpuOverBaseline, serviceHwmMb }) {
  const service = (scenario) => rows.find((row) => row.target === 'service' && row.scenario === scenario);
  const targets = [];
  const add = (name, value, pass, detail) => targets.push({ name, value, pass, detail });
  for (const [scenario, minimum] of [
    ['A', 0.9],
    ['B', 0.95],
  ]) {
    const ratio = ratios[scenario]?.vsNestExpress;
    const value = ratio?.median ?? null;
    add(
      `${scenario} ≥ ${minimum.toFixed(2)}× nest-express`,
      value === null ? null : Number(value.toFixed(2)),
      value === null || !ratio.stable ? null : value >= minimum,
      value === null ? 'throughput ratio (not measured)' : `× (median of ${ratio.rounds} rounds, ${range(ratio, 2)}; ${ratio.verdict})`,
    );
  }
  const added = cpuOverBaseline.A?.['nest-express'];
  add(
    'A: service CPU − nest-express ≤ 80 µs/req',
    added?.median ?? null,
    added?.median == null ? null : added.median <= 80,
    added?.median == null ? 'µs' : `µs (median of per-round differences, ${range(added)})`,
  );
  const c = service('C');
  add('C p99 < 80 ms (8 connections)', c?.latencyMs.p99 ?? null, c ? c.latencyMs.p99 < 80 : null, 'ms');
  const d = service('D');
  add('D p99 < 100 ms', d?.latencyMs.p99 ?? null, d ? d.latencyMs.p99 < 100 : null, 'ms');
  for (const [scenario, reference] of Object.entries(POSTGRES_REFERENCE)) {
    const limit = Math.round(reference * 0.7);
    const value = service(scenario)?.dbCpuMicrosPerRequest ?? null;
    add(`${scenario} PostgreSQL CPU ≤ ${limit} µs/req (30 % under ${reference})`, value, value === null ? null : value <= limit, 'µs');
  }
  // A check-out (J) costs at most twice a booking write (G), both per request of their create-and-act cycles.
  const g = service('G');
  const j = service('J');
  add(
    'J CPU ≤ 2× G CPU per request',
    j && g ? Number((j.cpuMicrosPerRequest / g.cpuMicrosPerRequest).toFixed(2)) : null,
    j && g ? j.cpuMicrosPerRequest <= 2 * g.cpuMicrosPerRequest : null,
    j && g ? `× (J ${j.cpuMicrosPerRequest} µs, G ${g.cpuMicrosPerRequest} µs)` : '× (needs G and J)',
  );
  const k = service('K');
  add('K payout run < 5 s', k?.latencyMs.p99 ?? null, k ? k.latencyMs.p99 < 5000 : null, 'ms (one request, end to end)');
  const peaks = rows.filter((row) => row.target === 'service').map((row) => row.peakRssMb);
  const peak = Math.max(...peaks, serviceHwmMb ?? 0);
  add('peak RSS < 256 MB', Number(peak.toFixed(1)), peak < 256, 'MB (max of 100 ms VmRSS samples and VmHWM)');
  const withErrors = rows.filter((row) => row.target === 'service' && row.errors > 0);
  add(
    'no scenario errors',
    withErrors.reduce((sum, row) => sum + row.errors, 0),
    withErrors.length === 0,
    withErrors.map((row) => `${row.scenario}: ${row.errors}`).join(', ') || 'none',
  );
  return targets;
}

export function targetsTable(targets) {
  return table(
    ['Target', 'Measured', 'Result'],
    targets.map((target) => [
      target.name,
      `${target.value ?? '–'} ${target.detail}`,
      target.pass === null ? (target.value === null ? 'not measured' : 'NOT CLAIMED') : target.pass ? 'met' : 'MISSED',
    ]),
    ['left', 'left', 'left'],
  );
}
