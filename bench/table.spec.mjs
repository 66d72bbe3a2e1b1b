import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { root } from '../scripts/build-if-needed.mjs';

// docs/performance.md quotes a benchmark run: its table is written by `npm run bench:table` from
// bench/results/latest.json, never by hand, and `--check` (which writes nothing) says when they differ.

const benchTable = (...args) =>
  spawnSync(process.execPath, [join(root, 'bench', 'table.mjs'), '--check', ...args], { cwd: root, encoding: 'utf8' });

describe('npm run bench:table -- --check', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-table-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds the performance page in step with bench/results/latest.json', () => {
    const { status, stdout, stderr } = benchTable();

    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toContain('matches');
  });

  it('fails when the page does not show the run it is checked against', () => {
    const run = JSON.parse(readFileSync(join(root, 'bench', 'results', 'latest.json'), 'utf8'));
    run.results[0].requestsPerSecond += 1;
    const other = join(scratch, 'other-run.json');
    writeFileSync(other, JSON.stringify(run));

    const { status, stderr } = benchTable(other);

    expect(status).toBe(1);
    expect(stderr).toContain('docs/performance.md differs');
  });
});
