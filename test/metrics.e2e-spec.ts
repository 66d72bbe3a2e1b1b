import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppConfig } from '@app/shared';
import { freePort } from './support/free-port.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { createOrganisation } from './support/fixtures.js';
import { expectProblem } from './support/problems.js';

const METRICS_TOKEN = 'metrics-token-of-this-test-0123456789';

/** `GET /metrics` outside the contract check: it is an operations endpoint, not part of the API's OpenAPI document. */
const metricsOf = (t: TestApp) => t.httpOutsideTheContract().get('/metrics');
const ORGANISATION_ROUTE = 'method="GET",route="/v1/organisations/:organisationId",status="200"';

/** The value of one sample line of the exposition (`name{labels} value`), 0 when it is absent. */
function sample(exposition: string, series: string): number {
  const line = exposition.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics on the main port, behind METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = () => metricsOf(t).set('Authorization', `Bearer ${METRICS_TOKEN}`);

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN });
  });
  afterAll(() => t.close());

  it('refuses a scrape without the token, or with another one, as a 401 problem', async () => {
    expectProblem(await metricsOf(t), 401, 'unauthenticated');
    expectProblem(await metricsOf(t).set('Authorization', `Bearer ${METRICS_TOKEN}x`), 401, 'unauthenticated');
    // An API key is not a metrics token.
    expectProblem(await metricsOf(t).set('Authorization', t.platformAuth), 401, 'unauthenticated');
  });

  it('counts and times a request under its route template and status', async () => {
    const organisation = await createOrganisation(t, 'Metrics clinic');
    const before = (await scrape()).text;

    const answer = await t.http().get(`/v1/organisations/${organisation.id}`).set('Authorization', t.platformAuth);
    expect(answer.status).toBe(200);

    const after = await scrape();
    expect(after.status).toBe(200);
    expect(after.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(after.text, `http_request_duration_seconds_count{${ORGANISATION_ROUTE}}`)).toBe(
      sample(before, `http_request_duration_seconds_count{${ORGANISATION_ROUTE}}`) + 1,
    );
    expect(sample(after.text, `http_requests_total{${ORGANISATION_ROUTE}}`)).toBe(
      sample(before, `http_requests_total{${ORGANISATION_ROUTE}}`) + 1,
    );
    expect(sample(after.text, `http_request_duration_seconds_bucket{le="+Inf",${ORGANISATION_ROUTE}}`)).toBe(
      sample(after.text, `http_request_duration_seconds_count{${ORGANISATION_ROUTE}}`),
    );
    // The template, never the URL: one series for every organisation.
    expect(after.text).not.toContain(organisation.id);
  });

  it('puts unknown URLs under one label, so they cannot grow the series', async () => {
    const unknown = `/v1/no-such-route-${Date.now()}`;
    expectProblem(await t.http().get(unknown).set('Authorization', t.platformAuth), 404, 'not_found');
    const { text } = await scrape();
    expect(text).not.toContain(unknown);
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(1);
  });

  it('shows the database pool and the process', async () => {
    const { text } = await scrape();
    expect(
      sample(text, 'db_pool_connections{state="used"}') + sample(text, 'db_pool_connections{state="idle"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections_max')).toBe(10);
    expect(text).toMatch(/^db_pool_waiting_requests \d+$/m);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });
});

describe('METRICS_TOKEN', () => {
  it('is refused at start-up when it is short enough to guess', () => {
    expect(() => new AppConfig({ METRICS_TOKEN: 'short-token' })).toThrow(
      'METRICS_TOKEN must be at least 16 characters',
    );
  });
});

describe('/metrics with no METRICS_PORT and no METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not served at all', async () => {
    expectProblem(await metricsOf(t), 404, 'not_found');
    expectProblem(await metricsOf(t).set('Authorization', t.platformAuth), 404, 'not_found');
  });
});

describe('/metrics on METRICS_PORT', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1', METRICS_TOKEN });
  });
  afterAll(() => t.close());

  it('serves the metrics on its own listener, behind the token when one is set, and not on the main port', async () => {
    const refused = await fetch(`${base}/metrics`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(await refused.json()).toMatchObject({ status: 401, code: 'unauthenticated' });

    const served = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(served.status).toBe(200);
    expect(await served.text()).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);

    const elsewhere = await fetch(`${base}/v1/organisations`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ status: 404, code: 'not_found' });

    expectProblem(await metricsOf(t).set('Authorization', `Bearer ${METRICS_TOKEN}`), 404, 'not_found');
  });

  it('stops listening when the application closes', async () => {
    const port = await freePort();
    const other = await createTestApp({ METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' });
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    await other.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
