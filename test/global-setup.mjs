// One fresh database for the whole test run: on TEST_DATABASE_URL's server when it is set,
// otherwise on an embedded PostgreSQL, so the tests pass on a machine with no server at all.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export default async function globalSetup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const url = new URL(serverUrl);
    const database = `healthcare_test_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    await admin.end();
    url.pathname = `/${database}`;
    process.env.DATABASE_URL = url.toString();
    globalThis.__testDatabase = {
      async drop() {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`drop database if exists "${database}" with (force)`);
        await client.end();
      },
    };
    return;
  }
  // Node strips the types of this TypeScript file itself; Jest does not transform global set-up.
  const { startEmbeddedPostgres } = await import('../apps/api/src/database/embedded-postgres.ts');
  const directory = mkdtempSync(join(tmpdir(), 'healthcare-test-'));
  const embedded = await startEmbeddedPostgres(directory, { database: 'healthcare_test' });
  process.env.DATABASE_URL = embedded.url;
  globalThis.__testDatabase = { directory, drop: () => embedded.stop() };
}
