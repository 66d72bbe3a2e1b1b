import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pg from 'pg';
import request from 'supertest';
import { AppConfig } from '@app/shared';
import { cardVaultFor } from '@app/wallet';
import { createApp } from '../app.js';
import { todayUtc } from './anchor.js';
import { demoRequests, readDemoIds } from './demo-data.js';
import { tellDemoStory } from './demo-story.js';
import { DEMO_SEED, seedDatabase } from './seed.js';
import { contractCheckedHttp } from '../../../../test/support/test-app.js';

/** The spec's read routes, each of which the start-up banner should let a new user try. */
const SPEC_READ_ROUTES: Record<string, RegExp> = {
  'List bookings': /^\/v1\/organisations\/[^/]+\/bookings$/,
  'List providers': /^\/v1\/organisations\/[^/]+\/providers$/,
  'List plan template links': /^\/v1\/organisations\/[^/]+\/plans\/templates\/links$/,
  'List payment transactions in a payout': /^\/v1\/businesses\/[^/]+\/payouts\/[^/]+\/transactions$/,
  'Get booking data': /^\/v1\/organisations\/[^/]+\/booking-data$/,
};

/** A list route's answer: a page of items, or booking data's three lists. */
type DemoList = {
  limit?: number;
  items?: Array<Record<string, unknown>>;
  services?: unknown[];
  locations?: unknown[];
  providers?: unknown[];
};

const CURL = /^curl (?:-H "Authorization: (Bearer \S+)" )?"([^"]+)"$/;
const CURL_POST =
  /^curl -X POST -H "Authorization: (Bearer \S+)" -H "Content-Type: application\/json" -d '([^']+)' "([^"]+)"$/;
const CHECK_OUT = /^\/v1\/organisations\/[^/]+\/bookings\/[^/]+\/transactions$/;

/** Parameter examples and defaults are scalars, or lists of them for the `expand` query parameter. */
type Value = string | number | boolean | Array<string | number | boolean>;
type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  example?: Value;
  default?: Value;
  schema?: { example?: Value; default?: Value };
};
type Document = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

/** What Swagger UI's "Try it out" puts in a parameter before anyone types: its example, else its schema's example, else a default (swagger-ui's parameter-row). */
const initialValue = (parameter: Parameter): Value | undefined =>
  parameter.example ?? parameter.schema?.example ?? parameter.schema?.default ?? parameter.default;

/** The request "Try it out" then "Execute" sends with nothing typed; undefined when a required parameter is left empty. */
function tryItOut(document: Document, path: string, method: string): string | undefined {
  let url = path;
  const query = new URLSearchParams();
  for (const parameter of document.paths[path][method].parameters ?? []) {
    const value = initialValue(parameter);
    if (value === undefined) {
      if (parameter.required) return undefined;
      continue;
    }
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
    if (parameter.in === 'query') for (const item of [value].flat()) query.append(parameter.name, String(item));
  }
  return query.size ? `${url}?${query.toString()}` : url;
}

describe('the curl lines printed at start-up', () => {
  const name = `demo_requests_${Date.now()}_${process.pid}`;
  const serverUrl = process.env.DATABASE_URL!;
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const platformKey = `sk_test_${randomBytes(16).toString('hex')}`;
  let admin: pg.Client;
  let app: NestExpressApplication;
  let http: ReturnType<typeof contractCheckedHttp>;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const config = new AppConfig({
      DATABASE_URL: databaseUrl,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'silent',
      WALLET_ENCRYPTION_KEY: 'cd'.repeat(32),
    });
    app = await createApp(config, databaseUrl, { bootstrapKey: platformKey });
    http = contractCheckedHttp(app, config);
    await seedDatabase({
      databaseUrl,
      scale: 'demo',
      seed: DEMO_SEED,
      // Anchored on today as the demo `npm start` loads: its upcoming bookings are the "Try it out" ids.
      anchor: todayUtc(),
      vault: cardVaultFor(config),
    });
  });

  afterAll(async () => {
    await app?.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('try every read route of the spec on the demo data, and each answers with data', async () => {
    const lines = await demoRequests(databaseUrl, 'http://localhost:3000', platformKey);
    const tried: string[] = [];
    for (const line of lines.filter((candidate) => !candidate.startsWith('curl -X POST'))) {
      const [, authorization, url] = CURL.exec(line) ?? [];
      expect({ line, pasteable: url !== undefined }).toEqual({ line, pasteable: true });
      const { pathname, search } = new URL(url);
      const route = Object.keys(SPEC_READ_ROUTES).find((operation) => SPEC_READ_ROUTES[operation].test(pathname));
      expect({ line, route }).toEqual({ line, route: expect.any(String) });
      tried.push(route!);

      const call = http().get(`${pathname}${search}`);
      const { status, body } = (await (authorization ? call.set('Authorization', authorization) : call)) as {
        status: number;
        body: DemoList;
      };
      const lists = 'items' in body ? [body.items] : [body.services, body.locations, body.providers];
      const empty = lists.some((items: unknown) => !Array.isArray(items) || items.length === 0);
      expect({ route, status, empty }).toEqual({ route, status: 200, empty: false });
      // Every expansion asked for has data on every item shown, not null or [] on a page of future bookings.
      const expanded = new URLSearchParams(search).get('expand')?.split(',') ?? [];
      const missing = expanded.flatMap((path) =>
        (body.items as Array<Record<string, unknown>>)
          .filter((item) => item[path.split('.')[0]] == null || (item[path.split('.')[0]] as unknown[]).length === 0)
          .map((item) => `${String(item.id)} ${path}`),
      );
      expect({ line, missing }).toEqual({ line, missing: [] });
    }
    expect(tried.sort()).toEqual(Object.keys(SPEC_READ_ROUTES).sort());
  });

  it('prints one check-out that answers 201 when pasted, and 409 booking_already_paid when pasted again', async () => {
    const posts = (await demoRequests(databaseUrl, 'http://localhost:3000', platformKey)).filter((line) =>
      line.startsWith('curl -X POST'),
    );
    expect(posts).toHaveLength(1);
    const [, authorization, body, url] = CURL_POST.exec(posts[0]) ?? [];
    expect({ line: posts[0], pasteable: url !== undefined }).toEqual({ line: posts[0], pasteable: true });
    const { pathname } = new URL(url);
    expect(pathname).toMatch(CHECK_OUT);
    const paste = () =>
      http().post(pathname).set('Authorization', authorization).set('Content-Type', 'application/json').send(body);
    const first = await paste();
    expect({ status: first.status, problem: first.status === 201 ? null : first.text }).toEqual({
      status: 201,
      problem: null,
    });
    const parts = (first.body as { paymentTransactions: Array<{ source: string }> }).paymentTransactions
      .map((part) => part.source)
      .sort();
    expect(parts).toEqual(['health_fund_claim', 'payment']);
    const second = await paste();
    expect({ status: second.status, code: (second.body as { code?: string }).code }).toEqual({
      status: 409,
      code: 'booking_already_paid',
    });
  });

  it("makes the demo's invoices through the API: a tax invoice with GST and its adjustment note, and a fee invoice", async () => {
    const server = app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    expect(await tellDemoStory(databaseUrl, `http://127.0.0.1:${port}`, platformKey)).toBeUndefined();
    const { organisationId } = await readDemoIds(databaseUrl);
    type Invoice = { id: string; total: number; taxAmount: number; items: { description: string }[] };
    const invoices = (
      (
        await http()
          .get(`/v1/organisations/${organisationId}/invoices?limit=100`)
          .set('Authorization', `Bearer ${platformKey}`)
      ).body as { items: Invoice[] }
    ).items;
    const withGst = invoices.filter((invoice) => invoice.taxAmount > 0);
    expect(withGst.map((invoice) => invoice.taxAmount)).toEqual([227]);
    const notes = (
      (
        await http()
          .get(`/v1/organisations/${organisationId}/invoices/${withGst[0].id}/adjustment-notes`)
          .set('Authorization', `Bearer ${platformKey}`)
      ).body as { items: unknown[] }
    ).items;
    // The GST adjusted in proportion to the refund's share of the invoice.
    const taxAmount = Math.round((2500 * 227) / withGst[0].total);
    expect(notes).toEqual([expect.objectContaining({ number: 'AN-000001', amount: 2500, taxAmount })]);
    expect(invoices.filter((invoice) => invoice.items[0].description === 'Non-attendance fee')).toHaveLength(1);
  });

  describe('Swagger UI', () => {
    let document: Document;
    beforeAll(async () => {
      document = (await request(app.getHttpServer()).get('/docs/openapi.json').expect(200)).body as Document;
    });

    it('lists bookings on the first "Try it out" with only the API key entered', async () => {
      const url = tryItOut(document, '/v1/organisations/{organisationId}/bookings', 'get');
      expect(url).toMatch(/^\/v1\/organisations\/org_\w+\/bookings\?page=1&limit=10$/);
      const { status, body } = (await request(app.getHttpServer())
        .get(url!)
        .set('Authorization', `Bearer ${platformKey}`)) as {
        status: number;
        body: DemoList;
      };
      expect([status, body.limit, body.items?.length]).toEqual([200, 10, 10]);
      // The page itself loads the document from its init script, which carries the same ids.
      const { organisationId } = await readDemoIds(databaseUrl);
      expect((await request(app.getHttpServer()).get('/docs/swagger-ui-init.js').expect(200)).text).toContain(
        `"example": "${organisationId}"`,
      );
    });

    it('fills every demo id a GET takes, and each such GET answers 200', async () => {
      const ids = await readDemoIds(databaseUrl);
      const takesDemoIds = (path: string) =>
        (document.paths[path].get.parameters ?? []).every(
          (parameter) => !parameter.required || (parameter.in === 'path' && parameter.name in ids),
        );
      const paths = Object.keys(document.paths).filter((path) => document.paths[path].get && takesDemoIds(path));
      expect(paths.length).toBeGreaterThan(15);
      const answers = await Promise.all(
        paths.map(async (path) => {
          const url = tryItOut(document, path, 'get');
          if (url === undefined) return `${path}: a required parameter is left empty`;
          const { status } = await request(app.getHttpServer()).get(url).set('Authorization', `Bearer ${platformKey}`);
          return `${path}: ${status}`;
        }),
      );
      expect(answers.filter((answer) => !answer.endsWith(': 200'))).toEqual([]);
    });
  });

  describe('API docs of a service without DEMO_DATA (production)', () => {
    let production: NestExpressApplication;
    beforeAll(async () => {
      const config = new AppConfig({
        DATABASE_URL: databaseUrl,
        DEMO_DATA: 'false',
        LOG_LEVEL: 'silent',
        WALLET_ENCRYPTION_KEY: 'cd'.repeat(32),
      });
      production = await createApp(config, databaseUrl);
    });
    afterAll(() => production?.close());

    it("show none of the database's ids, and reading them opens no database connection", async () => {
      const ids = Object.values(await readDemoIds(databaseUrl));
      expect(ids.length).toBeGreaterThan(5);
      const connect = jest.spyOn(pg.Client.prototype, 'connect');
      try {
        const served: string[] = [];
        for (const path of [
          '/docs/openapi.json',
          '/docs/swagger-ui-init.js',
          '/docs/openapi.json',
          '/docs/swagger-ui-init.js',
        ]) {
          served.push((await request(production.getHttpServer()).get(path).expect(200)).text);
        }
        expect(ids.filter((id) => served.some((text) => text.includes(id)))).toEqual([]);
        expect(connect).not.toHaveBeenCalled();
      } finally {
        connect.mockRestore();
      }
    });
  });
});
