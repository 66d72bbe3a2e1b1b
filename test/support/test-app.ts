import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { DestinationStream } from 'pino';
import request, { type Test } from 'supertest';
import type { CallbackHandler } from 'superagent';
import TestAgent from 'supertest/lib/agent.js';
import { AppConfig } from '@app/shared';
import { createApp } from '../../apps/api/src/app.js';
import { buildOpenApiDocument } from '../../apps/api/src/openapi.js';
import { OpenApiContract } from './openapi-contract.js';
import { NO_PAYOUT_DURING_THE_RUN } from './no-payout-during-the-run.js';
import { logsOfTheRunningTest } from './test-logs.js';
import type { FakeStripe } from './fake-stripe.js';
import { stripeEnvironment, suiteProcessor } from './payment-processor.js';

export interface TestApp {
  app: NestExpressApplication;
  /** supertest on the app; every answer is checked against the OpenAPI document (a mismatch fails the test). */
  http: () => TestAgent;
  /**
   * supertest without the OpenAPI check, only for raw-protocol cases the document cannot describe.
   * Say in the test why it needs this.
   */
  httpOutsideTheContract: () => TestAgent;
  contract: OpenApiContract;
  /** `Authorization` header value of a platform key. */
  platformAuth: string;
  /** The fake Stripe the app's card processor calls, when it runs on Stripe; `null` on the test processor. */
  stripe: FakeStripe | null;
  close(): Promise<void>;
}

/**
 * The real application on the test database, as `main.ts` builds it, behind supertest. Pass
 * `LOG_LEVEL` in `env` and a `logDestination` to read its log lines; otherwise they are printed only
 * if the test fails. Pass a `databaseUrl` for a
 * database of the test's own (one that must start empty, such as for the demo data), and a
 * `directUrl` (`DATABASE_DIRECT_URL`) when `databaseUrl` goes through a pooler such as PgBouncer.
 * In a suite run on Stripe (`./on-stripe.js`), the app's processor is Stripe's SDK against a local
 * fake Stripe (`stripe`), unless `env` names a `PAYMENT_PROCESSOR` of its own.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logDestination?: DestinationStream; databaseUrl?: string; directUrl?: string } = {},
): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is set by test/global-setup.mjs');
  const stripe =
    suiteProcessor() === 'stripe' && env.PAYMENT_PROCESSOR === undefined ? await stripeEnvironment() : undefined;
  const config = new AppConfig({
    DATABASE_URL: databaseUrl,
    ...(options.directUrl && { DATABASE_DIRECT_URL: options.directUrl }),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
    API_BASE_URL: 'https://api.example.test',
    WALLET_ENCRYPTION_KEY: '6d3c0f1e9a2b4c5d8e7f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5',
    ...NO_PAYOUT_DURING_THE_RUN,
    ...stripe?.env,
    ...env,
  });
  const platformKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const app = await createApp(config, databaseUrl, {
    bootstrapKey: platformKey,
    logDestination: options.logDestination ?? logsOfTheRunningTest(),
  });
  const checked = contractOf(app, config);
  return {
    app,
    http: contractCheckedHttp(app, config),
    httpOutsideTheContract: () => request(app.getHttpServer()),
    contract: checked,
    platformAuth: `Bearer ${platformKey}`,
    stripe: stripe?.fake ?? null,
    close: async () => {
      await app.close();
      await stripe?.release();
    },
  };
}

/** One document per test file: every app of a file is built from the same code. */
let contract: OpenApiContract | undefined;

const contractOf = (app: NestExpressApplication, config: AppConfig): OpenApiContract =>
  (contract ??= new OpenApiContract(buildOpenApiDocument(app, config)));

/** supertest on an app built by `createApp`, every answer checked against its OpenAPI document. */
export const contractCheckedHttp =
  (app: NestExpressApplication, config: AppConfig): (() => TestAgent) =>
  () =>
    checkedAgent(request(app.getHttpServer()), contractOf(app, config));

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace']);

/** The agent with every request's answer checked by `contract` before the test sees it. */
function checkedAgent(agent: TestAgent, contract: OpenApiContract): TestAgent {
  return new Proxy(agent, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !HTTP_METHODS.has(property) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const test = value.apply(target, args) as Test;
        const end = test.end.bind(test);
        test.end = (callback?: CallbackHandler) =>
          end((error, response) => {
            let failure: unknown = error;
            if (!failure && response) {
              try {
                contract.check(test.method, test.url, response);
              } catch (mismatch) {
                failure = mismatch;
              }
            }
            callback?.(failure, response);
          });
        return test;
      };
    },
  });
}
