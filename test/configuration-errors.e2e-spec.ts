import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

const root = join(import.meta.dirname, '..');
const entryPoint = join(root, 'dist', 'apps', 'api', 'src', 'main.js');
const KEY = '6d3c0f1e9a2b4c5d8e7f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5';
const DATABASE_URL = 'postgresql://postgres@127.0.0.1:1/never_reached';

/** Runs the built entry point with only `env` set (and PATH), as an operator would start it. */
function start(env: Record<string, string>, dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [entryPoint],
      { env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env }, timeout: 20_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe('configuration errors at start-up', () => {
  let dataDir: string;
  beforeAll(() => {
    execFileSync(process.execPath, ['-e', "import('./scripts/build-if-needed.mjs').then((build) => build.buildIfNeeded())"], { cwd: root, stdio: 'ignore' });
    dataDir = mkdtempSync(join(tmpdir(), 'healthcare-config-'));
  }, 240_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ['no WALLET_ENCRYPTION_KEY with DATABASE_URL', { DATABASE_URL }, /^WALLET_ENCRYPTION_KEY is required when DATABASE_URL is set: .*`openssl rand -hex 32`/],
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
    ['a PORT that is not a number', { PORT: 'eighty' }, /^PORT must be a positive integer like 3000; got "eighty"$/],
    ['a rate limit of 0', { RATE_LIMIT_PER_MINUTE: '0' }, /^RATE_LIMIT_PER_MINUTE must be a positive integer like 600; got "0"$/],
    ['an unknown LOG_LEVEL', { LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent; got "loud"$/],
    ['a REDIS_URL without redis://', { REDIS_URL: 'localhost:6379' }, /^REDIS_URL must be a URL like redis:\/\//],
    ['an unknown PAYMENT_PROCESSOR', { PAYMENT_PROCESSOR: 'stripe' }, /^PAYMENT_PROCESSOR must be one of test; got "stripe"$/],
    ['a DEMO_DATA that is not a boolean', { DEMO_DATA: 'yes' }, /^DEMO_DATA must be one of true, 1, false, 0; got "yes"$/],
  ];

  it.each(cases)('%s: one line saying what to set, exit code 1', async (_name, env, message) => {
    const { code, stdout, stderr } = await start(env, dataDir);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0].replace(/^Configuration error: /, '')).toMatch(message);
  });
});
