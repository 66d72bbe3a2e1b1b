import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from '@app/shared';
import { closedLoop, type Outcome, sleep, type Target, waitFor } from '../../../../test/support/load.js';
import { createApp } from '../app.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres.js';

/** Within this long of the database being back, every answer is a normal one again. */
const RECOVERY_MS = 5_000;

/**
 * Each test runs its own PostgreSQL server (never the machine's) and kills it with SIGKILL under
 * load: the way a crashed or OOM-killed database goes away.
 */
describe('the database going away under load', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  }, 60_000);

  async function serve(
    databaseUrl: string,
  ): Promise<{ port: number; key: string; connectionsHeld: () => Promise<number> }> {
    const key = `sk_outage_${randomBytes(12).toString('hex')}`;
    const config = new AppConfig({
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000000',
      WALLET_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    });
    const app: NestExpressApplication = await createApp(config, databaseUrl, { bootstrapKey: key });
    cleanups.push(() => app.close());
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address();
    const pool = () => app.get(MikroORM).em.getConnection().getNativeClient();
    return {
      port: typeof address === 'object' && address ? address.port : 0,
      key,
      connectionsHeld: async () => (await pool()).totalCount - (await pool()).idleCount,
    };
  }

  function targets(port: number, key: string): Target[] {
    const headers = { authorization: `Bearer ${key}` };
    return [
      { port, headers, path: () => '/v1/organisations?limit=5' },
      {
        port,
        headers,
        method: 'POST',
        path: () => '/v1/organisations',
        body: () => ({ name: `Outage Clinic ${randomBytes(4).toString('hex')}` }),
      },
    ];
  }

  /** Keeps the load going until more than ten requests started after the recovery time have been answered: on a busy machine a fixed second may hold fewer. */
  async function answersAfterRecovery(load: { outcomes: Outcome[] }, backAt: number): Promise<void> {
    await sleep(RECOVERY_MS);
    await waitFor(
      () => load.outcomes.filter((outcome) => outcome.startedAt >= backAt + RECOVERY_MS).length > 10,
      30_000,
      'answers after the recovery time',
    );
  }

  function expectOutageAnswers(outcomes: Outcome[], killedAt: number, backAt: number): void {
    const statuses = new Set(outcomes.map((outcome) => outcome.status));
    expect([...statuses].sort()).toEqual([200, 201, 503]);
    for (const unavailable of outcomes.filter((outcome) => outcome.status === 503)) {
      expect(unavailable.retryAfter).toMatch(/^\d+$/);
      expect(unavailable.contentType).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(unavailable.body)).toMatchObject({ status: 503, code: 'service_unavailable' });
    }
    const afterRecovery = outcomes.filter((outcome) => outcome.startedAt >= backAt + RECOVERY_MS);
    expect(afterRecovery.length).toBeGreaterThan(10);
    expect(afterRecovery.every((outcome) => outcome.status === 200 || outcome.status === 201)).toBe(true);
    const lastFailure = Math.max(
      ...outcomes.filter((outcome) => outcome.status === 503).map((outcome) => outcome.endedAt),
    );
    const firstNormal = Math.min(
      ...outcomes
        .filter((outcome) => outcome.startedAt >= backAt && outcome.status === 200)
        .map((outcome) => outcome.endedAt),
    );
    process.stdout.write(
      `outage: ${outcomes.length} requests, ${outcomes.filter((outcome) => outcome.status === 503).length} answered 503, ` +
        `database back ${backAt - killedAt} ms after the kill, first 200 ${firstNormal - backAt} ms after that, last 503 ${lastFailure - backAt} ms after that\n`,
    );
  }

  it('answers 503 with Retry-After while the embedded PostgreSQL is down, restarts it and answers normally within 5 s', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'outage-embedded-'));
    const restarts: { at: number; message: string }[] = [];
    const database = await startEmbeddedPostgres(directory, {
      database: 'outage',
      onRestart: (message) => restarts.push({ at: Date.now(), message }),
    });
    cleanups.push(
      async () => rmSync(directory, { recursive: true, force: true }),
      () => database.stop(),
    );
    const { port, key, connectionsHeld } = await serve(database.url);

    const load = closedLoop(targets(port, key), 6);
    await sleep(500);
    const killedAt = Date.now();
    process.kill(database.pid()!, 'SIGKILL');
    await waitFor(
      () => restarts.some(({ message }) => message.includes('restarted')),
      30_000,
      'the embedded PostgreSQL to restart',
    );
    const backAt = restarts.find(({ message }) => message.includes('restarted'))!.at;
    await answersAfterRecovery(load, backAt);
    const outcomes = await load.stop();

    expect(restarts[0].message).toMatch(/^Embedded PostgreSQL exited \(SIGKILL\); restarting it in \d+ ms$/);
    expectOutageAnswers(outcomes, killedAt, backAt);
    // Connections the dead server dropped inside transactions went back to the pool (see reclaimLostConnections).
    expect(await connectionsHeld()).toBe(0);
  }, 90_000);

  it('answers 503 with Retry-After while the DATABASE_URL server is down, and recovers by itself when it is back', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'outage-external-'));
    const first: EmbeddedDatabase = await startEmbeddedPostgres(directory, { database: 'outage' });
    const port = Number(new URL(first.url).port);
    cleanups.push(
      async () => rmSync(directory, { recursive: true, force: true }),
      () => first.stop(),
    );
    const app = await serve(first.url);

    const load = closedLoop(targets(app.port, app.key), 6);
    await sleep(500);
    const killedAt = Date.now();
    process.kill(first.pid()!, 'SIGKILL');
    await sleep(1_500);
    const second = await startEmbeddedPostgres(directory, { database: 'outage', port });
    cleanups.push(() => second.stop());
    const backAt = Date.now();
    await answersAfterRecovery(load, backAt);
    const outcomes = await load.stop();

    expectOutageAnswers(outcomes, killedAt, backAt);
    expect(await app.connectionsHeld()).toBe(0);
  }, 90_000);
});
