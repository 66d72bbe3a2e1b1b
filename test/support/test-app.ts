import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent.js';
import { AppConfig } from '@app/shared';
import { createApp } from '../../apps/api/src/app.js';

export interface TestApp {
  app: NestExpressApplication;
  http: () => TestAgent;
  /** `Authorization` header value of a platform key. */
  platformAuth: string;
  close(): Promise<void>;
}

/**
 * The real application on the test database, as `main.ts` builds it, behind supertest. Pass
 * `LOG_LEVEL` in `env` and a `logDestination` to read its log lines: only in the first app a test
 * file creates, since nestjs-pino keeps one HTTP logger per process.
 */
export async function createTestApp(env: Record<string, string> = {}, options: { logDestination?: DestinationStream } = {}): Promise<TestApp> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is set by test/global-setup.mjs');
  const config = new AppConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
    API_BASE_URL: 'https://api.example.test',
    WALLET_ENCRYPTION_KEY: '6d3c0f1e9a2b4c5d8e7f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5',
    ...env,
  });
  const platformKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const app = await createApp(config, databaseUrl, { bootstrapKey: platformKey, logDestination: options.logDestination });
  return {
    app,
    http: () => request(app.getHttpServer()),
    platformAuth: `Bearer ${platformKey}`,
    close: () => app.close(),
  };
}
