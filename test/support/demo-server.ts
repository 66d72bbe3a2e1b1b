import pg from 'pg';
import { AppConfig } from '@app/shared';
import { loadDemoDataIfEmpty } from '../../apps/api/src/demo-data/demo-data.js';
import { tellDemoStory } from '../../apps/api/src/demo-data/demo-story.js';
import { freePort } from './free-port.js';
import { createTestApp, type TestApp } from './test-app.js';

export interface DemoServer {
  app: TestApp;
  /** Where it listens, on loopback; also its API_BASE_URL, the first server of its docs. */
  origin: string;
  /** Its own database, holding the demo. */
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * The app with the demo data loaded as `npm start` loads it, listening on a free port. The demo
 * loads only into an empty database, so it gets one of its own on the test server, named after
 * `prefix`. With DEMO_DATA on, its docs show the demo's ids; the demo's cards are sealed with its
 * own wallet key.
 */
export async function startDemoServer(prefix: string, env: Record<string, string> = {}): Promise<DemoServer> {
  const serverUrl = process.env.DATABASE_URL!;
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const appEnv = { DEMO_DATA: 'true', API_BASE_URL: origin, WALLET_ENCRYPTION_KEY: 'cd'.repeat(32), ...env };
  const app = await createTestApp(appEnv, { databaseUrl });
  // As main.ts does before it listens.
  const loaded = await loadDemoDataIfEmpty(new AppConfig({ DATABASE_URL: databaseUrl, ...appEnv }), databaseUrl);
  if (!loaded?.startsWith('demo clinic group loaded')) throw new Error(`The demo did not load: ${loaded}`);
  await app.app.listen(port, '127.0.0.1');
  // As main.ts does once it listens.
  const storyFailed = await tellDemoStory(databaseUrl, origin, app.platformAuth.replace(/^Bearer /, ''));
  if (storyFailed) throw new Error(`The demo's invoices were not made: ${storyFailed}`);
  return {
    app,
    origin,
    databaseUrl,
    close: async () => {
      await app.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
