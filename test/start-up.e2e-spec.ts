import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from './support/free-port.js';

// The built entry point, started as `npm start` and an operator start it. One file, so that one
// build serves both parts (two files building at once would share one dist folder).

const root = join(import.meta.dirname, '..');
const entryPoint = join(root, 'dist', 'apps', 'api', 'src', 'main.js');
const KEY = '6d3c0f1e9a2b4c5d8e7f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5';
const DATABASE_URL = 'postgresql://postgres@127.0.0.1:1/never_reached';

let dataDir: string;

beforeAll(() => {
  execFileSync(
    process.execPath,
    ['-e', "import('./scripts/build-if-needed.mjs').then((build) => build.buildIfNeeded())"],
    { cwd: root, stdio: 'ignore' },
  );
  dataDir = mkdtempSync(join(tmpdir(), 'healthcare-start-'));
}, 240_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Only `env` (and PATH), as an operator would set it. */
const environment = (env: Record<string, string>) => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  DATA_DIR: dataDir,
  ...env,
});

describe('configuration errors at start-up', () => {
  function start(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [entryPoint],
        { env: environment(env), timeout: 20_000 },
        (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
  }

  const cases: Array<[string, Record<string, string>, RegExp]> = [
    [
      'no WALLET_ENCRYPTION_KEY with DATABASE_URL',
      { DATABASE_URL },
      /^WALLET_ENCRYPTION_KEY is required when DATABASE_URL is set: .*`openssl rand -hex 32`$/,
    ],
    [
      'a WALLET_ENCRYPTION_KEY that is not 32 bytes',
      { DATABASE_URL, WALLET_ENCRYPTION_KEY: 'abc123' },
      /^WALLET_ENCRYPTION_KEY must be 32 random bytes .*`openssl rand -hex 32`/,
    ],
    [
      'a DATABASE_URL that is not a PostgreSQL URL',
      { DATABASE_URL: 'mysql://db/clinic', WALLET_ENCRYPTION_KEY: KEY },
      /^DATABASE_URL must be a URL like postgresql:\/\//,
    ],
    [
      'a DATABASE_READ_URLS whose second URL is not a PostgreSQL URL (the first, with its password, not repeated)',
      {
        DATABASE_URL,
        WALLET_ENCRYPTION_KEY: KEY,
        DATABASE_READ_URLS: 'postgresql://reader:s3cret@replica-1/clinic, replica-2:5432',
      },
      /^DATABASE_READ_URLS must be URLs like postgresql:\/\/\S+, separated by commas; URL 2 is not$/,
    ],
    [
      'a DATABASE_READ_URLS without DATABASE_URL',
      { DATABASE_READ_URLS: 'postgresql://replica-1/clinic' },
      /^DATABASE_READ_URLS needs DATABASE_URL: the replicas are of that primary$/,
    ],
    [
      'a DATABASE_READ_MAX_LAG_SECONDS of 0',
      { DATABASE_READ_MAX_LAG_SECONDS: '0' },
      /^DATABASE_READ_MAX_LAG_SECONDS must be a positive integer like 10; got "0"$/,
    ],
    [
      'a DATABASE_DIRECT_URL that is not a PostgreSQL URL',
      { DATABASE_URL, DATABASE_DIRECT_URL: 'mysql://db/clinic', WALLET_ENCRYPTION_KEY: KEY },
      /^DATABASE_DIRECT_URL must be a URL like postgresql:\/\//,
    ],
    [
      'a DATABASE_DIRECT_URL without DATABASE_URL',
      { DATABASE_DIRECT_URL: DATABASE_URL },
      /^DATABASE_DIRECT_URL needs DATABASE_URL: set both/,
    ],
    [
      'a PORT that is not a number',
      { PORT: 'eighty' },
      /^PORT must be a port from 1 to 65535 like 3000; got "eighty"$/,
    ],
    ['a PORT above 65535', { PORT: '70000' }, /^PORT must be a port from 1 to 65535 like 3000; got "70000"$/],
    [
      'a METRICS_PORT that is not a number',
      { METRICS_PORT: 'abc' },
      /^METRICS_PORT must be a port from 1 to 65535 like 9464; got "abc"$/,
    ],
    [
      'a METRICS_PORT above 65535',
      { METRICS_PORT: '70000' },
      /^METRICS_PORT must be a port from 1 to 65535 like 9464; got "70000"$/,
    ],
    [
      'a METRICS_TOKEN shorter than 16 characters',
      { METRICS_TOKEN: 'short' },
      /^METRICS_TOKEN must be at least 16 characters; make one with `openssl rand -hex 32`$/,
    ],
    [
      'a rate limit of 0',
      { RATE_LIMIT_PER_MINUTE: '0' },
      /^RATE_LIMIT_PER_MINUTE must be a positive integer like 600; got "0"$/,
    ],
    [
      'an unknown LOG_LEVEL',
      { LOG_LEVEL: 'loud' },
      /^LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent; got "loud"$/,
    ],
    ['a REDIS_URL without redis://', { REDIS_URL: 'localhost:6379' }, /^REDIS_URL must be a URL like redis:\/\//],
    [
      'an unknown PAYMENT_PROCESSOR',
      { PAYMENT_PROCESSOR: 'tyro' },
      /^PAYMENT_PROCESSOR must be one of test, stripe; got "tyro"$/,
    ],
    [
      'PAYMENT_PROCESSOR=stripe without its secret key (the webhook secret, given, not repeated)',
      { PAYMENT_PROCESSOR: 'stripe', STRIPE_WEBHOOK_SECRET: 'whsec_StartUpSecret0123' },
      /^STRIPE_SECRET_KEY is required with PAYMENT_PROCESSOR=stripe: the platform account's secret key .*sk_live_… or sk_test_…$/,
    ],
    [
      'PAYMENT_PROCESSOR=stripe without its webhook secret (the secret key, given, not repeated)',
      { PAYMENT_PROCESSOR: 'stripe', STRIPE_SECRET_KEY: 'sk_live_StartUpSecret0123' },
      /^STRIPE_WEBHOOK_SECRET is required with PAYMENT_PROCESSOR=stripe: the signing secrets \(whsec_…\) of the webhook endpoints for POST \/v1\/stripe\/webhooks/,
    ],
    [
      'PAYMENT_PROCESSOR=stripe without STRIPE_PUBLISHABLE_KEY (the pay page could take no card)',
      {
        PAYMENT_PROCESSOR: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_StartUpSecret0123',
        STRIPE_WEBHOOK_SECRET: 'whsec_StartUpSecret0123',
      },
      /^STRIPE_PUBLISHABLE_KEY is required with PAYMENT_PROCESSOR=stripe: the publishable key \(pk_live_… or pk_test_…\) from Stripe's dashboard$/,
    ],
    [
      'a secret key set as STRIPE_PUBLISHABLE_KEY (every patient would get it), the key not repeated',
      { STRIPE_PUBLISHABLE_KEY: 'sk_live_51H8notpublic' },
      /^STRIPE_PUBLISHABLE_KEY must be Stripe's publishable key \(pk_live_… or pk_test_…\), which every patient's browser gets; never a secret \(sk_…\) or restricted \(rk_…\) key$/,
    ],
    [
      'a DEMO_DATA that is not a boolean',
      { DEMO_DATA: 'yes' },
      /^DEMO_DATA must be one of true, 1, false, 0; got "yes"$/,
    ],
  ];

  it.each(cases)('%s: one line saying what to set, exit code 1', async (_name, env, message) => {
    const { code, stdout, stderr } = await start(env);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: /);
    expect(lines[0].replace(/^Configuration error: /, '')).toMatch(message);
  });
});

describe('npm start on a fresh clone', () => {
  let service: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    service = spawn(process.execPath, [entryPoint], {
      env: environment({ PORT: String(await freePort()) }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (/booking-data"\n$/.test(output)) resolve();
      };
      service!.stdout!.on('data', read);
      service!.stderr!.on('data', read);
      service!.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
  }, 120_000);

  afterAll(async () => {
    if (service?.exitCode !== null) return;
    const exited = new Promise((resolve) => service!.once('exit', resolve));
    service.kill('SIGTERM');
    await exited;
  }, 30_000);

  it("prints at most 15 lines with npm's four and the build's one, ending with the banner", () => {
    const lines = output.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(15 - 4 - 1);
    expect(lines.filter((line) => /Mapped \{|dependencies initialized/.test(line))).toEqual([]);
    expect(lines.at(-1)).toMatch(/^ +curl "http:\/\/localhost:\d+\/v1\/organisations\/[\w-]+\/booking-data"$/);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ {2}API docs: +http:\/\/localhost:\d+\/docs +\(OpenAPI document: http:\/\/localhost:\d+\/docs\/openapi\.json\)$/,
      ),
    );
  });

  it('prints no log lines: no JSON among the banner, and nothing for the requests answered as asked', async () => {
    expect(output.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);
    const before = output.length;
    const port = /listening on http:\/\/localhost:(\d+)/.exec(output)![1];
    const key = /API key: +(sk_\S+)/.exec(output)![1];
    for (const path of ['/v1/organisations', '/v1/health-funds']) {
      const answer = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { Authorization: `Bearer ${key}` } });
      expect(answer.status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A refused request (4xx) is still a warning, worth a line.
    expect(output.slice(before)).toBe('');
  });

  it('prints a check-out that answers 201 when pasted, then 409 booking_already_paid', async () => {
    const [, authorization, body, url] =
      /curl -X POST -H "Authorization: (Bearer \S+)" -H "Content-Type: application\/json" -d '([^']+)' "([^"]+\/transactions)"$/m.exec(
        output,
      ) ?? [];
    expect(url).toMatch(/^http:\/\/localhost:\d+\/v1\/organisations\/org_\w+\/bookings\/[\w-]+\/transactions$/);
    const paste = () =>
      fetch(url.replace('localhost', '127.0.0.1'), {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body,
      });
    expect((await paste()).status).toBe(201);
    const again = await paste();
    expect({ status: again.status, code: ((await again.json()) as { code: string }).code }).toEqual({
      status: 409,
      code: 'booking_already_paid',
    });
  });
});
