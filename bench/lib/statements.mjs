// SQL statements per request, counted in the harness process: the built app runs in-process on an
// ephemeral 127.0.0.1 port, pg's Client#query is wrapped (every pool connection is a pg.Client),
// and one warm request of each scenario is sent with fetch. Also records, per request, the time
// spent waiting on PostgreSQL, the unloaded wall time, the body size and what JSON.stringify of
// the body costs, so a scenario's cost can be split between round trips, JSON and the rest.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/** Runs `work` with every statement sent through pg recorded (text, name when prepared, and time to its answer). */
export async function recordStatements(work) {
  const prototype = pg.Client.prototype;
  const original = prototype.query;
  const statements = [];
  prototype.query = function (...args) {
    const [config] = args;
    const entry = {
      text: typeof config === 'string' ? config : String(config?.text ?? ''),
      name: config?.name ?? null,
      ms: null,
    };
    statements.push(entry);
    const started = performance.now();
    // pg-pool passes a callback (and gets no promise back); the ORM's driver awaits the promise.
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...answer) => {
        entry.ms = performance.now() - started;
        return callback(...answer);
      };
    }
    const result = original.apply(this, args);
    if (result && typeof result.then === 'function') {
      result.then(
        () => (entry.ms = performance.now() - started),
        () => (entry.ms = performance.now() - started),
      );
    }
    return result;
  };
  try {
    const value = await work();
    return { value, statements };
  } finally {
    prototype.query = original;
  }
}

/** One pass over a scenario's request cycle, as autocannon runs it (setupRequest, onResponse, context). */
async function runCycle(baseUrl, scenario, headers) {
  const context = {};
  const answers = [];
  for (const template of scenario.requests) {
    let request = {
      method: template.method,
      path: template.path,
      headers: { ...headers, ...template.headers },
      body: undefined,
    };
    if (template.setupRequest) request = template.setupRequest(request, context);
    const { value, statements } = await recordStatements(async () => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}${request.path}`, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      return { status: response.status, text, wallMs: performance.now() - started };
    });
    template.onResponse?.(value.status, value.text, context);
    answers.push({ method: request.method, path: request.path, ...value, statements });
  }
  return answers;
}

function stringifyMicros(text) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const rounds = 20;
  JSON.stringify(parsed);
  const started = performance.now();
  for (let i = 0; i < rounds; i++) JSON.stringify(parsed);
  return ((performance.now() - started) * 1000) / rounds;
}

const round = (value, digits = 2) => (value === null || value === undefined ? null : Number(value.toFixed(digits)));

/**
 * Starts the built app in this process, sends each scenario's cycle twice (the first warms caches:
 * API key, organisation existence, MikroORM metadata) and records the second. Returns, per
 * scenario, its requests with their statements. `afterScenario(id)` runs after each one, before
 * the next (the harness compares the baselines' SQL there, before any write scenario has run).
 */
export async function countStatements({
  root,
  databaseUrl,
  env,
  bootstrapKey,
  scenarios,
  log,
  afterScenario = async () => undefined,
}) {
  await import('reflect-metadata');
  const { createApp } = await import(join(root, 'dist', 'apps', 'api', 'src', 'app.js'));
  const { AppConfig } = await import(join(root, 'dist', 'libs', 'shared', 'src', 'index.js'));
  const config = new AppConfig(env);
  const logLines = [];
  const app = await createApp(config, databaseUrl, {
    bootstrapKey,
    logDestination: { write: (line) => void logLines.push(line) },
  });
  try {
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address();
    const baseUrl = `http://127.0.0.1:${port}`;
    const headers = { authorization: `Bearer ${bootstrapKey}` };
    const results = {};
    for (const scenario of scenarios) {
      await runCycle(baseUrl, scenario, headers);
      const answers = await runCycle(baseUrl, scenario, headers);
      const expected = scenario.expect ?? scenario.requests.map(() => 200);
      const requests = answers.map((answer, index) => ({
        method: answer.method,
        path: answer.path,
        status: answer.status,
        ok: answer.status === expected[index],
        statements: answer.statements.length,
        sqlMs: round(answer.statements.reduce((sum, statement) => sum + (statement.ms ?? 0), 0)),
        wallMs: round(answer.wallMs),
        bodyBytes: Buffer.byteLength(answer.text),
        stringifyMicros: round(stringifyMicros(answer.text), 0),
        sql: answer.statements.map((statement) => statement.text),
        sqlNames: answer.statements.map((statement) => statement.name),
        ...(answer.status === expected[index] ? {} : { body: answer.text.slice(0, 500) }),
      }));
      const total = requests.reduce((sum, request) => sum + request.statements, 0);
      results[scenario.id] = { perRequest: round(total / requests.length), requests };
      await afterScenario(scenario.id);
      log(
        `  ${scenario.id}: ${requests.map((request) => `${request.method} ${request.status} ${request.statements} stmt ${request.sqlMs} ms SQL / ${request.wallMs} ms`).join(' | ')}`,
      );
    }
    return { results, appLog: logLines.slice(-50) };
  } finally {
    await app.close();
  }
}

const recorded = ({ statements }) => ({
  texts: statements.map((statement) => statement.text),
  names: statements.map((statement) => statement.name),
});

/**
 * The statements the baselines' read paths send for the read scenarios among `ids` (A, B, C, E),
 * recorded the same way: `{ A: { texts, names }, … }`. Each is sent once to warm (the organisation's
 * existence is remembered, as in the service) and recorded the second time.
 */
export async function baselineReadStatements({ databaseUrl, fixtures, ids }) {
  const { createPool, createQueries, expansionOf, loadBuiltStatements } = await import('../baselines/queries.mjs');
  const { ALL_EXPANSIONS } = await import('./scenarios.mjs');
  const pool = createPool(databaseUrl);
  try {
    const queries = createQueries(pool, await loadBuiltStatements(databaseUrl));
    const { organisationId, businessId, payoutId } = fixtures;
    const reads = {
      A: () => queries.providers(organisationId, { page: 1, limit: 20 }),
      B: () => queries.bookings(organisationId, { page: 1, limit: 20 }),
      C: () => queries.bookings(organisationId, { page: 1, limit: 200 }, expansionOf(ALL_EXPANSIONS.join(','))),
      E: () => queries.payoutTransactions(businessId, payoutId, { page: 1, limit: 200 }),
    };
    const result = {};
    for (const id of ids.filter((one) => reads[one])) {
      await reads[id]();
      result[id] = recorded(await recordStatements(reads[id]));
    }
    return result;
  } finally {
    await pool.end();
  }
}

/**
 * The statements of G's two requests in the node-http-pg baseline (writes.mjs), recorded the same
 * way: `[create, cancel]`, each `{ texts, names }`, after one warm create and cancel. `nextSlot` hands
 * out the run's fresh, marked slots, so the harness removes these bookings with its own.
 */
export async function baselineWriteStatements({ databaseUrl, fixtures, nextSlot }) {
  const { createPool, loadBuiltStatements } = await import('../baselines/queries.mjs');
  const { createWrites, loadJobStatement } = await import('../baselines/writes.mjs');
  const pool = createPool(databaseUrl);
  try {
    const writes = createWrites(pool, await loadBuiltStatements(databaseUrl), await loadJobStatement(pool));
    const { organisationId, booking } = fixtures;
    const body = () => ({
      clientId: booking.clientId,
      providerId: booking.providerId,
      locationId: booking.locationId,
      appointmentTypeId: booking.appointmentTypeId,
      ...nextSlot(),
    });
    await writes.cancelBooking(organisationId, JSON.parse(await writes.createBooking(organisationId, body())).id);
    let made = '';
    const create = await recordStatements(async () => (made = await writes.createBooking(organisationId, body())));
    const cancel = await recordStatements(() => writes.cancelBooking(organisationId, JSON.parse(made).id));
    return [recorded(create), recorded(cancel)];
  } finally {
    await pool.end();
  }
}

/**
 * Same statements, sent the same way (under the same prepared-statement names, or unnamed), in any
 * order (the service sends some of them concurrently). `names[i]` is the name `texts[i]` went under.
 */
export function sameStatements(left, right) {
  const normal = ({ texts, names }) => texts.map((text, index) => `${names?.[index] ?? 'unnamed'} ${text}`).sort();
  return JSON.stringify(normal(left)) === JSON.stringify(normal(right));
}

/**
 * A statement with its literals (quoted strings, numbers) replaced by `?`: what two writes of the
 * same kind share when the ORM writes their values into the text (ids, times).
 */
export function statementShape(text) {
  return text.replace(/'(?:[^']|'')*'/g, "'?'").replace(/(?<![\w$."'])-?\d+(?:\.\d+)?(?![\w"'])/g, '?');
}

/**
 * A write's statements as two writes of the same kind share them: each as its name (or `unnamed`)
 * and `statementShape`; those of its transaction (`begin` to `commit`) in order, the others (sent
 * side by side before it) sorted. Two writes send the same statements when these are equal.
 */
export function writeShape({ texts, names }) {
  const sent = texts.map((text, index) => `${names?.[index] ?? 'unnamed'} ${statementShape(text)}`);
  const begin = texts.indexOf('begin');
  const commit = texts.lastIndexOf('commit');
  if (begin === -1 || commit < begin) return { outside: [...sent].sort(), transaction: [] };
  return {
    outside: [...sent.slice(0, begin), ...sent.slice(commit + 1)].sort(),
    transaction: sent.slice(begin, commit + 1),
  };
}
