// Summarises a V8 `.cpuprofile` (`node --cpu-prof`): where the CPU went by self time and by
// inclusive time, per function and per module (an npm package, a file of the service, or a V8/Node
// bucket such as `(garbage collector)`). Idle samples are left out, so shares are of busy time.
// With `--micros-per-request <n>` (the CPU µs/req the bench measured for that process) each share
// is also shown as µs per request. `--skip <s>` leaves out the first seconds of each profile (the
// service's start-up, before the load).
//
//   node bench/lib/profile-summary.mjs <file.cpuprofile | folder> [--top 25] [--skip 8] [--micros-per-request 560] [--json]

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const IDLE = new Set(['(idle)']);

/** `node_modules/@scope/name/…` → `@scope/name`; `dist/libs/x/src/…` → `libs/x/src/…`; `node:internal/…` → `node:…`. */
export function moduleOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (packageMatch) return packageMatch[1];
  if (url.startsWith('node:'))
    return url
      .replace(/^node:(internal\/)?/, 'node:')
      .split('/')
      .slice(0, 2)
      .join('/');
  const own = /\/dist\/(.+)$/.exec(url) ?? /\/((?:apps|libs)\/.+)$/.exec(url);
  return own ? own[1] : url;
}

const frameName = (frame) =>
  `${frame.functionName || '(anonymous)'} ${moduleOf(frame.url, frame.functionName)}:${frame.lineNumber + 1}`;

/** Self and inclusive microseconds per function and per module, and the busy total. */
export function summarise(profile, skipMicros = 0) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const selfByFunction = new Map();
  const inclusiveByFunction = new Map();
  const selfByModule = new Map();
  const inclusiveByModule = new Map();
  const add = (map, key, micros) => map.set(key, (map.get(key) ?? 0) + micros);
  let busy = 0;
  let elapsed = 0;

  for (let index = 0; index < profile.samples.length; index += 1) {
    elapsed += profile.timeDeltas[index];
    if (elapsed < skipMicros) continue;
    // A sample's time is the delta to the next one (V8 records the delta before each sample).
    const micros = profile.timeDeltas[index + 1] ?? 0;
    const leaf = nodes.get(profile.samples[index]);
    if (!leaf || IDLE.has(leaf.callFrame.functionName)) continue;
    busy += micros;
    add(selfByFunction, frameName(leaf.callFrame), micros);
    add(selfByModule, moduleOf(leaf.callFrame.url, leaf.callFrame.functionName), micros);
    // Each function and module once per sample, however often it recurses.
    const functions = new Set();
    const modules = new Set();
    for (let id = leaf.id; id !== undefined; id = parent.get(id)) {
      const frame = nodes.get(id).callFrame;
      if (frame.functionName === '(root)') continue;
      functions.add(frameName(frame));
      modules.add(moduleOf(frame.url, frame.functionName));
    }
    for (const name of functions) add(inclusiveByFunction, name, micros);
    for (const name of modules) add(inclusiveByModule, name, micros);
  }
  return { busyMicros: busy, selfByFunction, inclusiveByFunction, selfByModule, inclusiveByModule };
}

/** Several profiles (one per process run) added together. */
export function summariseAll(profiles, skipMicros = 0) {
  const total = {
    busyMicros: 0,
    selfByFunction: new Map(),
    inclusiveByFunction: new Map(),
    selfByModule: new Map(),
    inclusiveByModule: new Map(),
  };
  for (const profile of profiles) {
    const one = summarise(profile, skipMicros);
    total.busyMicros += one.busyMicros;
    for (const key of ['selfByFunction', 'inclusiveByFunction', 'selfByModule', 'inclusiveByModule']) {
      for (const [name, micros] of one[key]) total[key].set(name, (total[key].get(name) ?? 0) + micros);
    }
  }
  return total;
}

function top(map, busy, count, microsPerRequest) {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => {
      const share = micros / busy;
      return {
        name,
        share: Number((share * 100).toFixed(1)),
        ...(microsPerRequest ? { microsPerRequest: Math.round(share * microsPerRequest) } : {}),
      };
    });
}

function render(title, rows) {
  const lines = [
    `${title}`,
    ...rows.map(
      ({ name, share, microsPerRequest }) =>
        `${String(share).padStart(6)} %${microsPerRequest === undefined ? '' : `${String(microsPerRequest).padStart(6)} µs`}  ${name}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

function profilesIn(path) {
  const files = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((name) => name.endsWith('.cpuprofile'))
        .map((name) => join(path, name))
    : [path];
  return files.map((file) => JSON.parse(readFileSync(file, 'utf8')));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      top: { type: 'string', default: '25' },
      skip: { type: 'string', default: '0' },
      'micros-per-request': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) {
    process.stderr.write(
      'Usage: node bench/lib/profile-summary.mjs <file.cpuprofile | folder> [--top 25] [--skip s] [--micros-per-request n] [--json]\n',
    );
    process.exit(2);
  }
  const summary = summariseAll(profilesIn(positionals[0]), Number(values.skip) * 1e6);
  const count = Number(values.top);
  const perRequest = values['micros-per-request'] ? Number(values['micros-per-request']) : undefined;
  const tables = {
    busySeconds: Number((summary.busyMicros / 1e6).toFixed(2)),
    selfByModule: top(summary.selfByModule, summary.busyMicros, count, perRequest),
    inclusiveByModule: top(summary.inclusiveByModule, summary.busyMicros, count, perRequest),
    selfByFunction: top(summary.selfByFunction, summary.busyMicros, count, perRequest),
    inclusiveByFunction: top(summary.inclusiveByFunction, summary.busyMicros, count, perRequest),
  };
  if (values.json) process.stdout.write(`${JSON.stringify(tables, null, 2)}\n`);
  else {
    process.stdout.write(`Busy CPU in the profile: ${tables.busySeconds} s\n\n`);
    process.stdout.write(render('Self time by module', tables.selfByModule));
    process.stdout.write(`\n${render('Inclusive time by module', tables.inclusiveByModule)}`);
    process.stdout.write(`\n${render('Self time by function', tables.selfByFunction)}`);
    process.stdout.write(`\n${render('Inclusive time by function', tables.inclusiveByFunction)}`);
  }
}
