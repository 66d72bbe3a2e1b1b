// What the tests need before they start, so the README's test command works on a machine with only
// Node and npm: the typed client's own dependencies, and the Debian packages the tests run
// (Chromium, PgBouncer, Redis; curl, jq and openssl for the docs' shell examples). Each test run
// starts its own PgBouncer and Redis from them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const client = join(root, 'clients', 'typescript');

/** The binaries the tests start, where test/support and the global set-up look for them. */
export const SYSTEM_PACKAGES = [
  { name: 'chromium', path: '/usr/bin/chromium' },
  { name: 'pgbouncer', path: '/usr/sbin/pgbouncer' },
  { name: 'redis-server', path: '/usr/bin/redis-server' },
  { name: 'curl', path: '/usr/bin/curl' },
  { name: 'jq', path: '/usr/bin/jq' },
  { name: 'openssl', path: '/usr/bin/openssl' },
];

/**
 * Whether `clients/typescript/node_modules` holds what its lockfile names: npm's record of what it
 * installed there has the same version of every package. Compared by content, not file times,
 * which a fresh clone or a checkout sets to anything.
 */
export function clientInstalled(directory = client) {
  const installed = join(directory, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) return false;
  const wanted = JSON.parse(readFileSync(join(directory, 'package-lock.json'), 'utf8')).packages;
  const have = JSON.parse(readFileSync(installed, 'utf8')).packages;
  return Object.entries(wanted).every(([path, entry]) => path === '' || have[path]?.version === entry.version);
}

/**
 * Installs the missing packages through apt-get when this user may (root, or sudo without a
 * password); otherwise, or when that fails, returns the one line that says how. `redis-server` is
 * not needed when TEST_REDIS_URL names a Redis to use.
 */
export function ensureSystemPackages({
  packages = SYSTEM_PACKAGES,
  env = process.env,
  uid = process.getuid(),
  canSudo = () => spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
  hasAptGet = () => spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0,
  run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status === 0,
  say = (line) => process.stdout.write(`${line}\n`),
} = {}) {
  const needed = packages.filter(({ name }) => !(name === 'redis-server' && env.TEST_REDIS_URL));
  const missing = () => needed.filter(({ path }) => !existsSync(path)).map(({ name }) => name);
  const names = missing();
  if (names.length === 0) return undefined;
  const list = names.join(', ');
  const asRoot = uid === 0;
  const as = asRoot ? '' : 'sudo ';
  const install = `${as}apt-get update && ${as}apt-get install -y ${names.join(' ')}`;
  if (!hasAptGet())
    return `The tests need ${list}: install them with your system's package manager (on Debian: ${install})`;
  if (!asRoot && !canSudo()) return `The tests need ${list}: install them with: ${install}`;
  // No questions from a package's configuration: sudo passes the variable only through `env`.
  const [command, ...first] = [...(asRoot ? [] : ['sudo', '-n']), 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
  say(`Installing ${list} for the tests`);
  const ran = run(command, [...first, 'update']) && run(command, [...first, 'install', '-y', ...names]);
  if (ran && missing().length === 0) return undefined;
  return `Installing ${list} failed: install them with: ${install}`;
}

if (import.meta.main) {
  if (!clientInstalled()) {
    process.stdout.write('Installing the typed client’s dependencies (npm ci --prefix clients/typescript)\n');
    const { status } = spawnSync('npm', ['ci', '--prefix', client], { stdio: 'inherit' });
    if (status !== 0) process.exit(status ?? 1);
  }
  const problem = ensureSystemPackages();
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}
