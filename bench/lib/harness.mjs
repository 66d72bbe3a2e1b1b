// What the harnesses (`npm run bench`, `npm run soak`) share besides their processes: options from
// the environment, the environment the service gets, the machine they ran on, and their clean-up.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { root } from '../../scripts/build-if-needed.mjs';
import { MALLOC_ENV } from '../../scripts/memory-settings.mjs';
import { stopLoad } from './load.mjs';
import { sleep, startNode } from './processes.mjs';

/** A number from the environment variable `name`, within [min, max]; `fallback` when unset. */
export function numberOption(name, fallback, { min = 0, max = Infinity } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
  return value;
}

// The service's own configuration and the harnesses' options: never passed on from the harness's environment.
const SERVICE_CONFIG = [
  'PORT',
  'DATABASE_URL',
  'DATA_DIR',
  'BOOTSTRAP_API_KEY',
  'WALLET_ENCRYPTION_KEY',
  'REDIS_URL',
  'RATE_LIMIT_PER_MINUTE',
  'PUBLIC_RATE_LIMIT_PER_MINUTE',
  'LOG_LEVEL',
  'DEMO_DATA',
  'API_BASE_URL',
  'API_STAGING_BASE_URL',
  'PAYMENT_PROCESSOR',
  'METRICS_PORT',
  'METRICS_HOST',
  'METRICS_TOKEN',
  'DURATION',
  'LARGE_DATA_DIR',
  'WARMUP',
  'CONNECTIONS',
  'SCENARIOS',
  'BASELINES',
  'SERVICE_NODE_OPTIONS',
  'COMPARE_WITH',
  'COMPARE_NODE_OPTIONS',
  'BASELINE_NODE_OPTIONS',
  'RATE',
  'COMPARE_TOGETHER',
  'SERVICE_REDIS_URL',
  'SERVICE_TRACING',
  'ROUNDS',
  'ROUND_SECONDS',
  'ROUND_WARMUP',
  'MAX_SPREAD',
  'PG_STAT_STATEMENTS',
  'SOAK_MINUTES',
  'SOAK_RATE',
  'SOAK_HEAP_SNAPSHOTS',
];

export function withoutServiceConfig(env) {
  const copy = { ...env };
  for (const name of SERVICE_CONFIG) delete copy[name];
  return copy;
}

/**
 * The service's environment in a harness: glibc's allocator as production sets it (read at process
 * start; the harness's own environment overrides it), no demo data, quiet logs, no rate limits.
 */
export function serviceEnvironment({ databaseUrl, dataDir, walletKey, bootstrapKey }) {
  return {
    ...MALLOC_ENV,
    ...withoutServiceConfig(process.env),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    WALLET_ENCRYPTION_KEY: walletKey,
    BOOTSTRAP_API_KEY: bootstrapKey,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000000',
  };
}

/**
 * The embedded PostgreSQL of `dataDir` in a process of its own (`lib/embedded-postgres.mjs`), so it
 * is stopped last, after the service. Register `handle.stop` for clean-up before awaiting `url`.
 */
export function startEmbeddedDatabase(dataDir, logFile) {
  const handle = startNode('embedded PostgreSQL', join(root, 'bench', 'lib', 'embedded-postgres.mjs'), {
    cwd: root,
    env: withoutServiceConfig(process.env),
    args: [dataDir],
    logFile,
  });
  return {
    handle,
    url: () => handle.waitForLine(/^READY /, 120_000).then((line) => line.slice('READY '.length).trim()),
  };
}

/** A git command's output in the repository, or null outside a git checkout. */
export function gitOutput(...args) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export const nodeArgsOf = (flags) => (flags ?? '').split(/\s+/).filter(Boolean);

export function readSecret(path) {
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : undefined;
}

export const mb = (kb) => (kb === null ? null : Number((kb / 1024).toFixed(1)));

export function machineInfo() {
  let cpuModel = 'unknown';
  let free = null;
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpuModel;
  } catch {
    // not Linux
  }
  try {
    free = execFileSync('free', ['-h'], { encoding: 'utf8' }).trim();
  } catch {
    // no procps
  }
  return {
    nproc: os.availableParallelism(),
    cpuModel,
    memoryGb: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    free,
    node: process.version,
    kernel: `${os.type()} ${os.release()}`,
  };
}

/**
 * Clean-up steps, run last registered first, each bounded to 30 s; `cleanup()` runs them once,
 * however often it is called (on success, failure, a signal or the watchdog).
 */
export function cleanupStack(name) {
  const cleanups = [];
  let cleaning;
  return {
    onCleanup(step, fn) {
      cleanups.push({ step, fn });
    },
    cleanup() {
      cleaning ??= (async () => {
        while (cleanups.length) {
          const { step, fn } = cleanups.pop();
          try {
            await Promise.race([fn(), sleep(30_000).then(() => Promise.reject(new Error('timed out after 30 s')))]);
          } catch (error) {
            process.stderr.write(`[${name}] clean-up "${step}" failed: ${error?.message ?? error}\n`);
          }
        }
      })();
      return cleaning;
    },
  };
}

/**
 * The way out of a harness, taken once: on the end of its run, a failure, a signal or an uncaught
 * error. It stops the load in flight, runs the clean-up, writes `report` to `resultFile` as JSON
 * (`reason` among its failures) and exits with `code`.
 */
export function exitOnce({ name, report, resultFile, log, cleanup }) {
  let exiting = false;
  const exit = async (code, reason) => {
    if (exiting) return;
    exiting = true;
    if (reason) {
      process.stderr.write(`\n[${name}] FAILED: ${reason}\n`);
      report.failures.push(String(reason));
    }
    try {
      stopLoad();
    } catch {
      // already stopped
    }
    await cleanup();
    try {
      report.finishedAt = new Date().toISOString();
      writeFileSync(resultFile, `${JSON.stringify(report, null, 2)}\n`);
      log(`Results written to ${resultFile}`);
    } catch (error) {
      process.stderr.write(`[${name}] could not write ${resultFile}: ${error.message}\n`);
    }
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.once(signal, () => void exit(130, `stopped by ${signal}`));
  process.on('uncaughtException', (error) => void exit(1, error?.stack ?? String(error)));
  process.on('unhandledRejection', (error) => void exit(1, error?.stack ?? String(error)));
  return exit;
}
