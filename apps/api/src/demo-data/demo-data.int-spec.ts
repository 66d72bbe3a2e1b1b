import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pg from 'pg';
import { AppConfig } from '@app/shared';
import { cardVaultFor } from '@app/wallet';
import { createApp } from '../app.js';
import { demoRequests } from './demo-data.js';
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

const CURL = /^curl (?:-H "Authorization: (Bearer \S+)" )?"([^"]+)"$/;

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
    const config = new AppConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', WALLET_ENCRYPTION_KEY: 'cd'.repeat(32) });
    app = await createApp(config, databaseUrl, { bootstrapKey: platformKey });
    http = contractCheckedHttp(app, config);
    await seedDatabase({ databaseUrl, scale: 'demo', seed: DEMO_SEED, anchor: '2026-11-22', vault: cardVaultFor(config) });
  });

  afterAll(async () => {
    await app?.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('try every read route of the spec on the demo data, and each answers with data', async () => {
    const lines = await demoRequests(databaseUrl, 'http://localhost:3000', platformKey);
    const tried: string[] = [];
    for (const line of lines) {
      const [, authorization, url] = CURL.exec(line) ?? [];
      expect({ line, pasteable: url !== undefined }).toEqual({ line, pasteable: true });
      const { pathname, search } = new URL(url);
      const route = Object.keys(SPEC_READ_ROUTES).find((operation) => SPEC_READ_ROUTES[operation].test(pathname));
      expect({ line, route }).toEqual({ line, route: expect.any(String) });
      tried.push(route!);

      const call = http().get(`${pathname}${search}`);
      const { status, body } = await (authorization ? call.set('Authorization', authorization) : call);
      const lists = 'items' in body ? [body.items] : [body.services, body.locations, body.providers];
      const empty = lists.some((items: unknown) => !Array.isArray(items) || items.length === 0);
      expect({ route, status, empty }).toEqual({ route, status: 200, empty: false });
    }
    expect(tried.sort()).toEqual(Object.keys(SPEC_READ_ROUTES).sort());
  });
});
