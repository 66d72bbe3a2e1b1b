import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { clientInstalled, ensureSystemPackages, SYSTEM_PACKAGES } from './test-setup.mjs';

// The test set-up's decisions on a machine it cannot be run on here: packages missing, as root, as a
// user with or without sudo. Commands are recorded instead of run.

const PRESENT = process.execPath;
const packages = (missing) =>
  SYSTEM_PACKAGES.map(({ name }) => ({ name, path: missing.includes(name) ? `/nonexistent/${name}` : PRESENT }));

function machine({ aptGetSucceeds = true, ...overrides }) {
  const ran = [];
  const said = [];
  const problem = ensureSystemPackages({
    env: {},
    uid: 1000,
    canSudo: () => false,
    hasAptGet: () => true,
    run: (command, args) => (ran.push([command, ...args].join(' ')), aptGetSucceeds),
    say: (line) => said.push(line),
    ...overrides,
  });
  return { problem, ran, said };
}

describe('the test set-up, for the system packages the tests run', () => {
  it('does nothing when every package is there', () => {
    expect(machine({ packages: packages([]) })).toEqual({ problem: undefined, ran: [], said: [] });
  });

  it('stops with one line naming the command when it may not install: not root, no sudo without a password', () => {
    const { problem, ran } = machine({ packages: packages(['chromium', 'redis-server']) });
    expect(problem).toBe(
      'The tests need chromium, redis-server: install them with: sudo apt-get update && sudo apt-get install -y chromium redis-server',
    );
    expect(ran).toEqual([]);
  });

  it('installs what is missing through apt-get as root, and says so', () => {
    const { problem, ran, said } = machine({ uid: 0, packages: packages(['pgbouncer']) });
    expect(ran).toEqual([
      'env DEBIAN_FRONTEND=noninteractive apt-get update',
      'env DEBIAN_FRONTEND=noninteractive apt-get install -y pgbouncer',
    ]);
    expect(said).toEqual(['Installing pgbouncer for the tests']);
    // The recorded run installs nothing, so the package is still missing afterwards.
    expect(problem).toBe(
      'Installing pgbouncer failed: install them with: apt-get update && apt-get install -y pgbouncer',
    );
  });

  it('installs through sudo when it needs no password', () => {
    const { ran } = machine({ canSudo: () => true, packages: packages(['chromium', 'pgbouncer', 'redis-server']) });
    expect(ran).toEqual([
      'sudo -n env DEBIAN_FRONTEND=noninteractive apt-get update',
      'sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium pgbouncer redis-server',
    ]);
  });

  it('stops at the first apt-get that fails', () => {
    const { problem, ran } = machine({ uid: 0, aptGetSucceeds: false, packages: packages(['chromium']) });
    expect(ran).toEqual(['env DEBIAN_FRONTEND=noninteractive apt-get update']);
    expect(problem).toBe(
      'Installing chromium failed: install them with: apt-get update && apt-get install -y chromium',
    );
  });

  it('names the Debian command when the machine has no apt-get', () => {
    const { problem, ran } = machine({ uid: 0, hasAptGet: () => false, packages: packages(['pgbouncer']) });
    expect(problem).toBe(
      "The tests need pgbouncer: install them with your system's package manager (on Debian: apt-get update && apt-get install -y pgbouncer)",
    );
    expect(ran).toEqual([]);
  });

  it('does not need redis-server when TEST_REDIS_URL names a Redis', () => {
    expect(
      machine({ env: { TEST_REDIS_URL: 'redis://127.0.0.1:6379' }, packages: packages(['redis-server']) }).problem,
    ).toBeUndefined();
  });
});

describe('the test set-up, for the typed client’s dependencies', () => {
  let directory;
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  function client(wanted, installed) {
    directory = mkdtempSync(join(tmpdir(), 'client-'));
    const lock = (packages) => JSON.stringify({ lockfileVersion: 3, packages });
    writeFileSync(join(directory, 'package-lock.json'), lock({ '': { name: 'client' }, ...wanted }));
    if (installed) {
      mkdirSync(join(directory, 'node_modules'));
      writeFileSync(join(directory, 'node_modules', '.package-lock.json'), lock(installed));
    }
    return clientInstalled(directory);
  }

  it('installs them when there is no node_modules, or it holds another version than the lockfile', () => {
    expect(client({ 'node_modules/openapi-fetch': { version: '0.17.0' } }, undefined)).toBe(false);
    expect(
      client(
        { 'node_modules/openapi-fetch': { version: '0.17.0' } },
        { 'node_modules/openapi-fetch': { version: '0.16.0' } },
      ),
    ).toBe(false);
    expect(client({ 'node_modules/openapi-fetch': { version: '0.17.0' } }, {})).toBe(false);
  });

  it('leaves them when every package of the lockfile is installed at its version', () => {
    expect(
      client(
        { 'node_modules/openapi-fetch': { version: '0.17.0' } },
        { 'node_modules/openapi-fetch': { version: '0.17.0' } },
      ),
    ).toBe(true);
  });
});

describe('CI', () => {
  it("runs exactly the README's test command, and nothing else that could set up what the command does not", () => {
    const read = (path) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8').split('\n');
    const commands = read('.ci/run').filter((line) => line && !/^(#|set |cd )/.test(line));
    expect(commands).toEqual(['npm ci && npm run test:all']);
    expect(read('README.md').filter((line) => line === commands[0] || line.startsWith(`${commands[0]} `))).toHaveLength(
      1,
    );
  });
});
