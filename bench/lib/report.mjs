// Tables (Markdown: `npm run bench:table` writes the results table into docs/performance.md).
import { TARGET_ORDER } from './rounds.mjs';
import { targetRows } from './targets.mjs';

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

const range = (summary, digits = 0) =>
  summary?.median == null ? null : `${fixed(summary.min, digits)}–${fixed(summary.max, digits)}`;

/** One row per target and scenario: a single window, or the medians of an interleaved scenario's rounds. */
export function resultsTable(rows, statements, scenarios) {
  const titles = Object.fromEntries(scenarios.map((scenario) => [scenario.id, scenario.title]));
  return table(
    [
      'Scenario',
      'Target',
      'Conns',
      'Windows',
      'Req/s',
      'p50 ms',
      'p99 ms',
      'Errors',
      'CPU µs/req',
      'DB CPU µs/req',
      'Peak RSS MB',
      'SQL/req',
      'Other cores',
    ],
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
    const cell = (summary, digits) =>
      summary?.median == null ? null : `${fixed(summary.median, digits)} (${range(summary, digits)})`;
    rows.push([
      scenario,
      cell(rps('service'), 0),
      cell(rps('nest-express'), 0),
      cell(rps('node-http-pg'), 0),
      cell(ratios.nestExpress, 2),
      ratios.nestExpress?.verdict ?? null,
      cell(ratios.nodeHttpPg, 2),
      ratios.nodeHttpPg?.verdict ?? null,
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
  const order = orderOf(interleaved);
  for (const [scenario, { windows }] of Object.entries(interleaved)) {
    const rounds = [...new Set(windows.map((window) => window.round))];
    for (const index of rounds) {
      const inRound = Object.fromEntries(
        windows.filter((window) => window.round === index).map((window) => [window.target, window]),
      );
      const ratio = (baseline, key) =>
        inRound.service && inRound[baseline] ? fixed(inRound.service[key] / inRound[baseline][key], 3) : null;
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

/** Every target of any interleaved scenario, in the order a round measures them (C, E and G have no nest-express). */
function orderOf(interleaved) {
  const names = new Set(Object.values(interleaved).flatMap(({ order }) => order));
  return [
    ...TARGET_ORDER.filter((name) => names.has(name)),
    ...[...names].filter((name) => !TARGET_ORDER.includes(name)),
  ];
}

/**
 * This build against another (`COMPARE_WITH`), per scenario: throughput and CPU per request of
 * each (medians of the rounds), and the per-round ratios' median, range and verdict.
 */
export function compareTable(interleaved) {
  const rows = [];
  for (const [scenario, { targets, ratios, cpuRatios }] of Object.entries(interleaved)) {
    const cell = (summary, digits) =>
      summary?.median == null ? null : `${fixed(summary.median, digits)} (${range(summary, digits)})`;
    rows.push([
      scenario,
      cell(targets.service?.spread.requestsPerSecond, 0),
      cell(targets.compare?.spread.requestsPerSecond, 0),
      cell(ratios.compare, 3),
      ratios.compare?.verdict ?? null,
      cell(targets.service?.spread.cpuMicrosPerRequest, 0),
      cell(targets.compare?.spread.cpuMicrosPerRequest, 0),
      cell(cpuRatios.compare, 3),
      cpuRatios.compare?.verdict ?? null,
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
 * Where a request's server CPU goes, from the service and the baselines doing the same SQL: medians
 * across rounds; the service's addition over each baseline is the median of its per-round differences.
 */
export function costTable(interleaved) {
  const rows = [];
  for (const [scenario, { targets, cpuOverBaseline }] of Object.entries(interleaved)) {
    const service = targets.service;
    const node = targets['node-http-pg'];
    const nest = targets['nest-express'];
    if (!service || !node) continue;
    const over = (baseline) => {
      const added = cpuOverBaseline[baseline];
      return added?.median == null ? null : `${added.median} (${range(added)})`;
    };
    rows.push([
      scenario,
      node.cpuMicrosPerRequest,
      nest?.cpuMicrosPerRequest ?? null,
      service.cpuMicrosPerRequest,
      over('node-http-pg'),
      over('nest-express'),
      `${service.dbCpuMicrosPerRequest ?? '–'} / ${nest?.dbCpuMicrosPerRequest ?? '–'} / ${node.dbCpuMicrosPerRequest ?? '–'}`,
      fixed(service.cpuUtilisation, 2),
      fixed(service.dbCpuUtilisation, 2),
      fixed(service.loadGeneratorCpuUtilisation, 2),
    ]);
  }
  return table(
    [
      'Scenario',
      'node-http-pg µs/req (pg + JSON + http)',
      'nest-express µs/req',
      'service µs/req',
      'service − node-http-pg (rounds)',
      'service − nest-express (rounds)',
      'PostgreSQL µs/req (service / nest-express / node-http-pg)',
      'service cores',
      'PostgreSQL cores',
      'autocannon cores',
    ],
    rows,
    firstLeft(10),
  );
}

/** PostgreSQL's side of every scenario: CPU from /proc, and (PG_STAT_STATEMENTS=1) planning and execution time. */
export function postgresTable(rows, costs) {
  const withCosts = Object.keys(costs ?? {}).length > 0;
  return table(
    [
      'Scenario',
      'Target',
      'DB CPU µs/req',
      'backends µs/req',
      'io workers µs/req',
      ...(withCosts ? ['statements/req', 'plan µs/req', 'exec µs/req'] : []),
    ],
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
          ...(withCosts
            ? [
                cost?.statementsPerRequest ?? null,
                cost?.planMicrosPerRequest ?? null,
                cost?.execMicrosPerRequest ?? null,
              ]
            : []),
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
  return table(
    ['Scenario', 'Statement (service)', 'calls/req', 'plan µs/call', 'exec µs/call', 'rows/call', 'buffers/call'],
    rows,
  );
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
  return table(
    [
      'Scenario',
      'Request',
      'Status',
      'SQL statements',
      'SQL ms (sum)',
      'Wall ms (unloaded)',
      'Body KB',
      'JSON.stringify µs',
    ],
    rows,
  );
}

export function targetsTable(targets) {
  return table(['Target', 'Measured', 'Result'], targetRows(targets), ['left', 'left', 'left']);
}
