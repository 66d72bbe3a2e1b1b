// Tables (Markdown, so a run pastes straight into bench/README.md) and the targets.

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

export function resultsTable(runs, statements, scenarios) {
  const titles = Object.fromEntries(scenarios.map((scenario) => [scenario.id, scenario.title]));
  return table(
    ['Scenario', 'Target', 'Conns', 'Req/s', 'p50 ms', 'p99 ms', 'Errors', 'CPU µs/req', 'DB CPU µs/req', 'Peak RSS MB', 'SQL/req', 'Other cores'],
    runs.map((run) => [
      `${run.scenario} ${titles[run.scenario]}`,
      run.target,
      run.connections,
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

export function ratiosTable(runs) {
  const rps = (target, scenario) => runs.find((run) => run.target === target && run.scenario === scenario)?.requestsPerSecond ?? null;
  const ratio = (a, b) => (a && b ? a / b : null);
  const rows = [];
  const ratios = {};
  for (const scenario of ['A', 'B']) {
    const service = rps('service', scenario);
    const node = rps('node-http-pg', scenario);
    const nest = rps('nest-express', scenario);
    ratios[scenario] = { vsNodeHttpPg: ratio(service, node), vsNestExpress: ratio(service, nest) };
    rows.push([scenario, fixed(service), fixed(node), fixed(nest), fixed(ratios[scenario].vsNodeHttpPg, 2), fixed(ratios[scenario].vsNestExpress, 2)]);
  }
  return {
    ratios,
    text: table(
      ['Scenario', 'service req/s', 'node-http-pg req/s', 'nest-express req/s', 'service ÷ node-http-pg', 'service ÷ nest-express'],
      rows,
      firstLeft(6),
    ),
  };
}

/** Where a request's server CPU goes, from the service and the two baselines doing the same SQL. */
export function costTable(runs) {
  const get = (target, scenario) => runs.find((run) => run.target === target && run.scenario === scenario);
  const rows = [];
  for (const scenario of ['A', 'B']) {
    const service = get('service', scenario);
    const node = get('node-http-pg', scenario);
    const nest = get('nest-express', scenario);
    if (!service || !node || !nest) continue;
    const cpu = (run) => run.cpuMicrosPerRequest;
    rows.push([
      scenario,
      cpu(node),
      cpu(nest) - cpu(node),
      cpu(service) - cpu(nest),
      cpu(service),
      service.dbCpuMicrosPerRequest,
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
      '+ the service µs',
      '= service µs/req',
      'PostgreSQL µs/req',
      'service cores',
      'PostgreSQL cores',
      'autocannon cores',
    ],
    rows,
    firstLeft(9),
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
  return table(['Scenario', 'Request', 'Status', 'SQL statements', 'SQL ms (sum)', 'Wall ms (unloaded)', 'Body KB', 'JSON.stringify µs'], rows);
}

export function evaluateTargets({ runs, ratios, serviceHwmMb }) {
  const service = (scenario) => runs.find((run) => run.target === 'service' && run.scenario === scenario);
  const targets = [];
  const add = (name, value, pass, detail) => targets.push({ name, value, pass, detail });
  for (const scenario of ['A', 'B']) {
    const value = ratios[scenario]?.vsNestExpress;
    add(
      `${scenario} ≥ 0.85× nest-express`,
      value === null || value === undefined ? null : Number(value.toFixed(2)),
      value == null ? null : value >= 0.85,
      'throughput ratio',
    );
  }
  const c = service('C');
  add('C p99 < 150 ms (8 connections)', c?.latencyMs.p99 ?? null, c ? c.latencyMs.p99 < 150 : null, 'ms');
  const d = service('D');
  add('D p99 < 100 ms', d?.latencyMs.p99 ?? null, d ? d.latencyMs.p99 < 100 : null, 'ms');
  const peaks = runs.filter((run) => run.target === 'service').map((run) => run.peakRssMb);
  const peak = Math.max(...peaks, serviceHwmMb ?? 0);
  add('peak RSS < 300 MB', Number(peak.toFixed(1)), peak < 300, 'MB (max of 100 ms VmRSS samples and VmHWM)');
  const withErrors = runs.filter((run) => run.target === 'service' && run.errors > 0);
  add(
    'no scenario errors',
    withErrors.reduce((sum, run) => sum + run.errors, 0),
    withErrors.length === 0,
    withErrors.map((run) => `${run.scenario}: ${run.errors}`).join(', ') || 'none',
  );
  return targets;
}

export function targetsTable(targets) {
  return table(
    ['Target', 'Measured', 'Result'],
    targets.map((target) => [target.name, `${target.value ?? '–'} ${target.detail}`, target.pass === null ? 'not measured' : target.pass ? 'met' : 'MISSED']),
    ['left', 'left', 'left'],
  );
}
