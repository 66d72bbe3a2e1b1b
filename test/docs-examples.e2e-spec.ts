import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type DemoServer, startDemoServer } from './support/demo-server.js';
import { freePort } from './support/free-port.js';

// The shell examples of the README, the guide, the money page and the API conventions, run as a newcomer pastes them: each
// page in a bash of its own, its blocks in order, in a folder where `npm start` left its key, against
// one freshly started service with the demo data. What runs is the docs' own text. The line before a
// ```bash block says what to do with it:
//
//   <!-- runs -->                                         run it
//   <!-- runs: answers 409; shows "booking_not_started" --> run it; a request answers 409, the output shows that
//   <!-- runs 2 s later -->                               run it after waiting as long (for the job engine)
//   <!-- not run: the reason -->                          leave it out, saying why
//
// Every request a block sends must answer 2xx unless the marker names its status, nothing may be
// printed on stderr, and a ```json block right after it is its answer, compared as JSON. The only
// changes to the text are two addresses: `http://localhost:3000` is this test's service, and the webhook
// receiver's port 4000 a free one.

const ROOT = join(import.meta.dirname, '..');

/** The pages whose examples run, and what a reader has run before them (each page says: the guide's set-up). */
const PAGES: Array<{ file: string; after?: { file: string; heading: string } }> = [
  { file: 'README.md' },
  { file: 'docs/guide.md' },
  { file: 'docs/money.md', after: { file: 'docs/guide.md', heading: 'Set up' } },
  { file: 'docs/api-conventions.md', after: { file: 'docs/guide.md', heading: 'Set up' } },
];

type Marker =
  { runs: true; statuses: number[]; shows: string[]; waitSeconds: number } | { runs: false; reason: string };

interface Block {
  file: string;
  line: number;
  heading: string;
  code: string;
  marker: Marker | undefined;
  /** The ```json block that follows, when one does: the block's answer. */
  answer: string | undefined;
}

const MARKER = /^<!-- (?:runs(?: (\d+) s later)?(?:: (.+?))?|not run: (.+?)) -->$/;

function markerOf(line: string | undefined): Marker | undefined {
  const match = MARKER.exec(line?.trim() ?? '');
  if (!match) return undefined;
  const [, wait, expectations = '', reason] = match;
  if (reason) return { runs: false, reason };
  const statuses = [...expectations.matchAll(/answers (\d{3})/g)].map(([, status]) => Number(status));
  const shows = [...expectations.matchAll(/shows "([^"]+)"/g)].map(([, text]) => text);
  // Anything else in the marker is a typo that would otherwise check nothing.
  if (expectations.replace(/answers \d{3}|shows "[^"]+"|[;\s]/g, '') !== '') return undefined;
  return { runs: true, statuses, shows, waitSeconds: Number(wait ?? 0) };
}

/** The fenced shell blocks of a page, each with the marker on the last line before it that is not blank. */
function shellBlocks(file: string): Block[] {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const fences: Array<{ start: number; end: number; language: string; code: string }> = [];
  for (let start = 0; start < lines.length; start++) {
    const open = /^(\s*)```(\w*)\s*$/.exec(lines[start]);
    if (!open) continue;
    const [, indent, language] = open;
    const end = lines.findIndex((line, index) => index > start && line.trim() === '```');
    const code = lines.slice(start + 1, end).map((line) => line.slice(indent.length));
    fences.push({ start, end, language, code: code.join('\n') });
    start = end;
  }
  return fences.flatMap((fence, index) => {
    if (fence.language !== 'bash' && fence.language !== 'sh') return [];
    const next = fences[index + 1];
    const adjacent = next && lines.slice(fence.end + 1, next.start).every((line) => line.trim() === '');
    const heading = lines
      .slice(0, fence.start)
      .findLast((line) => line.startsWith('#'))
      ?.replace(/^#+ /, '');
    return [
      {
        file,
        line: fence.start + 1,
        heading: heading ?? '',
        code: fence.code,
        marker: markerOf(lines.slice(0, fence.start).findLast((line) => line.trim() !== '')),
        answer: adjacent && next.language === 'json' ? next.code : undefined,
      },
    ];
  });
}

/** Upper-case shell variables a block sets (`NAME=`), and those it reads (`$NAME`, `${NAME}`). */
const setIn = (code: string) => new Set([...code.matchAll(/(?:^|[\s;(])([A-Z][A-Z0-9_]*)=/gm)].map(([, name]) => name));
const readIn = (code: string) => new Set([...code.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)].map(([, name]) => name));

interface Ran {
  output: string;
  errors: string[];
  exitStatus: number;
  /** Each request's status, method and URL, as curl reported it. */
  requests: Array<{ status: number; request: string }>;
}

const REQUEST = '::request::';

/** The last JSON value a block printed: its answer, after what it printed on the way. */
function lastJson(output: string): unknown {
  const lines = output.split('\n');
  for (let start = lines.length - 1; start >= 0; start--) {
    if (!/^[[{]/.test(lines[start])) continue;
    try {
      return JSON.parse(lines.slice(start).join('\n'));
    } catch {
      // Not where the last value starts: an inner line of it.
    }
  }
  return undefined;
}

/**
 * One bash that the blocks of a page are pasted into, one after another, as into a terminal: what
 * one block sets, the next one reads. curl is wrapped to report each request's status on stderr.
 */
class Shell {
  private readonly child: ChildProcessWithoutNullStreams;
  private stdout = '';
  private stderr = '';
  private closed = false;

  constructor(cwd: string, env: NodeJS.ProcessEnv) {
    this.child = spawn('bash', ['--noprofile', '--norc'], { cwd, env, detached: true });
    this.child.stdout.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.stdin.write(
      `curl() { command curl -w '%{stderr}${REQUEST} %{response_code} %{method} %{url_effective}\\n' "$@"; }\n`,
    );
  }

  async run(code: string): Promise<Ran> {
    if (this.closed) throw new Error('bash has ended: a block before this one did not finish');
    const done = `::done-${randomBytes(6).toString('hex')}::`;
    this.stdout = '';
    this.stderr = '';
    this.child.stdin.write(`${code}\nprintf '\\n${done} %s\\n' "$?"; printf '${done}\\n' >&2\n`);
    const deadline = Date.now() + 60_000;
    while (!(this.stdout.includes(`${done} `) && this.stderr.includes(done))) {
      if (Date.now() > deadline) {
        // A block that never ends (a loop that does not stop) leaves nothing for the next ones to run in.
        this.close();
        throw new Error(`The block ran for a minute:\n${this.stdout.slice(-4000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [output, status] = this.stdout.split(`\n${done} `);
    const stderr = this.stderr.slice(0, this.stderr.indexOf(done)).split('\n').filter(Boolean);
    return {
      output: output.trim(),
      exitStatus: Number.parseInt(status, 10),
      errors: stderr.filter((line) => !line.startsWith(REQUEST)),
      requests: stderr
        .filter((line) => line.startsWith(REQUEST))
        .map((line) => {
          const [, status, ...request] = line.split(' ');
          return { status: Number(status), request: request.join(' ') };
        }),
    };
  }

  /** Ends the bash and what it left running (the webhook receiver). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    process.kill(-this.child.pid!, 'SIGKILL');
  }
}

let demo: DemoServer;
let folder: string;
let origin: string;
let receiverPort: number;

beforeAll(async () => {
  receiverPort = await freePort();
  // As `npm start` runs it, on the test card processor. The guide restarts it with
  // WEBHOOK_ALLOW_PRIVATE_URLS=true for its webhook receiver; this one starts so.
  demo = await startDemoServer('docs_examples', { PAYMENT_PROCESSOR: 'test', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  origin = demo.origin;
  // The repository's folder as the reader's shell sees it: the key `npm start` wrote, and the docs' examples.
  folder = mkdtempSync(join(tmpdir(), 'docs-examples-'));
  mkdirSync(join(folder, '.data'));
  writeFileSync(join(folder, '.data', 'bootstrap-api-key'), demo.app.platformAuth.replace(/^Bearer /, ''));
  symlinkSync(join(ROOT, 'docs'), join(folder, 'docs'));
}, 120_000);

afterAll(async () => {
  await demo?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The reader's environment: a PATH and a HOME, and the moved clock of `npm run test:at`, if any. */
const readerEnvironment = (): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key === 'LD_PRELOAD' || key.startsWith('FAKETIME')),
  ),
  PATH: process.env.PATH,
  HOME: folder,
  LANG: 'C.UTF-8',
  RECEIVER_PORT: String(receiverPort),
});

const asPasted = (code: string) =>
  code.replaceAll('http://localhost:3000', origin).replaceAll('127.0.0.1:4000', `127.0.0.1:${receiverPort}`);

describe.each(PAGES)('the shell examples of $file', ({ file, after }) => {
  const blocks = shellBlocks(file);
  const prelude = after ? shellBlocks(after.file).filter((block) => block.heading === after.heading) : [];
  let shell: Shell;

  beforeAll(async () => {
    shell = new Shell(folder, readerEnvironment());
    for (const block of prelude) expect((await shell.run(asPasted(block.code))).exitStatus).toBe(0);
  });
  afterAll(() => shell?.close());

  it('each say whether they run, and why not when they do not', () => {
    expect(blocks.length).toBeGreaterThan(0);
    const unmarked = blocks.filter((block) => !block.marker).map((block) => `${file}:${block.line}`);
    expect(unmarked).toEqual([]);
  });

  it('read only variables the page has set before', () => {
    const set = new Set(prelude.flatMap((block) => [...setIn(block.code)]));
    const unset: string[] = [];
    for (const block of blocks.filter((candidate) => candidate.marker?.runs)) {
      for (const variable of readIn(block.code)) {
        if (!set.has(variable) && !setIn(block.code).has(variable)) unset.push(`${file}:${block.line} $${variable}`);
      }
      setIn(block.code).forEach((variable) => set.add(variable));
    }
    expect(unset).toEqual([]);
  });

  const runnable = blocks.filter((block) => block.marker?.runs);
  it.each(runnable.map((block) => [`${file}:${block.line} (${block.heading})`, block] as const))(
    '%s answers as the page says',
    async (_where, block) => {
      const marker = block.marker as Extract<Marker, { runs: true }>;
      if (marker.waitSeconds) await new Promise((resolve) => setTimeout(resolve, marker.waitSeconds * 1000));
      const ran = await shell.run(asPasted(block.code));
      const failed = ran.requests.filter(
        ({ status }) => (status < 200 || status > 299) && !marker.statuses.includes(status),
      );
      // What it printed is there to read when something else fails.
      const output = ran.output.slice(-4000);
      expect({ output, errors: ran.errors, exitStatus: ran.exitStatus, failed }).toEqual({
        output,
        errors: [],
        exitStatus: 0,
        failed: [],
      });
      for (const status of marker.statuses) expect(ran.requests.map((request) => request.status)).toContain(status);
      for (const text of marker.shows) expect(ran.output).toContain(text);
      if (block.answer) expect(lastJson(ran.output)).toEqual(JSON.parse(block.answer));
    },
    90_000,
  );
});
