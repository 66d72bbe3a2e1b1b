import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

const root = join(import.meta.dirname, '..');

/** A port nothing listens on right now: the banner names the port, so 0 will not do. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('npm start on a fresh clone', () => {
  let dataDir: string;
  let service: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    execFileSync(process.execPath, ['-e', "import('./scripts/build-if-needed.mjs').then((build) => build.buildIfNeeded())"], { cwd: root, stdio: 'ignore' });
    dataDir = mkdtempSync(join(tmpdir(), 'healthcare-start-'));
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(await freePort()) };
    service = spawn(process.execPath, [join(root, 'dist', 'apps', 'api', 'src', 'main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (/booking-data"\n$/.test(output)) resolve();
      };
      service!.stdout!.on('data', read);
      service!.stderr!.on('data', read);
      service!.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
  }, 240_000);

  afterAll(async () => {
    if (service?.exitCode === null) {
      const exited = new Promise((resolve) => service!.once('exit', resolve));
      service.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it("prints at most 15 lines with npm's four and the build's one, ending with the banner", () => {
    const lines = output.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(15 - 4 - 1);
    expect(lines.filter((line) => /Mapped \{|dependencies initialized/.test(line))).toEqual([]);
    expect(lines.at(-1)).toMatch(/^ +curl "http:\/\/localhost:\d+\/v1\/organisations\/[\w-]+\/booking-data"$/);
    expect(lines).toContainEqual(
      expect.stringMatching(/^ {2}API docs: +http:\/\/localhost:\d+\/docs +\(OpenAPI document: http:\/\/localhost:\d+\/docs\/openapi\.json\)$/),
    );
  });
});
