// Child processes the harness starts (the service, the baselines), and what /proc says about them.
import { spawn, execFileSync } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node <script>` (the harness's own Node 24) with `env`, its output kept in `logFile` and
 * the last lines in memory for error messages. The caller must `stop()` it (the harness registers
 * every started process for clean-up before doing anything else with it).
 */
export function startNode(name, script, { cwd, env, logFile, args = [], nodeArgs = [] }) {
  const log = createWriteStream(logFile, { flags: 'a' });
  const tail = [];
  const firstLines = [];
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const keep = (chunk) => {
    log.write(chunk);
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (firstLines.length < 200) firstLines.push(line);
    }
    if (tail.length > 40) tail.splice(0, tail.length - 40);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.stdin.on('error', () => undefined);
  let exit = null;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exit = { code, signal }))));
  return {
    name,
    pid: child.pid,
    child,
    get exit() {
      return exit;
    },
    tail: () => tail.join('\n'),
    /** The first output line matching `pattern` (within the first 200), waiting up to `timeoutMs`. */
    async waitForLine(pattern, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = firstLines.find((line) => pattern.test(line));
        if (found) return found;
        if (exit) break;
        await sleep(100);
      }
      throw new Error(
        `${name} printed no line matching ${pattern} within ${timeoutMs / 1000} s (exit: ${JSON.stringify(exit)}):\n${tail.join('\n')}`,
      );
    },
    exited,
    /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone (bounded). */
    async stop(graceMs = 15_000) {
      if (exit === null) {
        child.kill('SIGTERM');
        const stopped = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
        if (!stopped) {
          child.kill('SIGKILL');
          await Promise.race([exited, sleep(5_000)]);
        }
      }
      child.stdin.destroy();
      await new Promise((resolve) => log.end(resolve));
      return exit;
    },
  };
}

/** Polls `url` until it answers `accept(status)`, the process exits, or `timeoutMs` passes. */
export async function waitForHttp(
  processHandle,
  url,
  { timeoutMs = 120_000, headers = {}, accept = (status) => status === 200 } = {},
) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (processHandle.exit)
      throw new Error(
        `${processHandle.name} exited (${JSON.stringify(processHandle.exit)}) before it answered:\n${processHandle.tail()}`,
      );
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (accept(response.status)) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = String(error?.cause?.code ?? error?.message ?? error);
    }
    await sleep(200);
  }
  throw new Error(
    `${processHandle.name} did not answer ${url} within ${timeoutMs / 1000} s (last: ${last}):\n${processHandle.tail()}`,
  );
}

// ---- /proc ---------------------------------------------------------------------------------

let ticksPerSecond;
/** USER_HZ, the unit of utime/stime in /proc/<pid>/stat. */
export function clockTicksPerSecond() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** The fields of /proc/<pid>/stat after the command name: index 0 is field 3 (state). */
function statFields(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** utime + stime of a process (all its threads), in microseconds. */
export function cpuMicros(pid) {
  const fields = statFields(pid);
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / clockTicksPerSecond();
}

/** A client backend's title: "postgres: <user> <database> <host>(<port>) <state>". */
const BACKEND_TITLE = /^postgres: \S+ \S+ (?:\[local\]|[\d.:a-f]+\(\d+\))/;

/**
 * CPU of a PostgreSQL server in microseconds, to be differenced with `postgresCpuDelta`. `total`:
 * the postmaster's own, what its exited children left in its cutime/cstime, and that of its live
 * children; monotonic as long as the postmaster lives. `children`: each live child's CPU and kind:
 * a client `backend` (parsing, planning, executing), an `io worker` (PostgreSQL 18's asynchronous
 * reads, done for the backends), or `other` (checkpointer, walwriter, autovacuum, …).
 */
export function postgresCpuMicros(postmasterPid) {
  const micros = (ticks) => (ticks * 1e6) / clockTicksPerSecond();
  const own = statFields(postmasterPid);
  let total = micros(Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]));
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(entry);
      if (Number(fields[1]) !== postmasterPid) continue;
      const cpu = micros(Number(fields[11]) + Number(fields[12]));
      total += cpu;
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      const kind = BACKEND_TITLE.test(title)
        ? 'backend'
        : title.startsWith('postgres: io worker')
          ? 'io worker'
          : 'other';
      children.set(entry, { cpu, kind });
    } catch {
      // gone between readdir and read
    }
  }
  return { total, children };
}

/**
 * The server's CPU between two readings, and the part of it spent in backends and io workers that
 * are alive at the second (a process that exited in between is in `total` only).
 */
export function postgresCpuDelta(before, after) {
  const byKind = { backend: 0, 'io worker': 0, other: 0 };
  for (const [pid, { cpu, kind }] of after.children) byKind[kind] += cpu - (before.children.get(pid)?.cpu ?? 0);
  const backends = (reading) =>
    [...reading.children].filter(([, child]) => child.kind === 'backend').map(([pid]) => pid);
  return {
    total: after.total - before.total,
    backends: byKind.backend,
    ioWorkers: byKind['io worker'],
    // Connections opened or closed inside the window: each costs a fork, authentication and cold caches.
    backendsStarted: backends(after).filter((pid) => !before.children.has(pid)).length,
    backendsExited: backends(before).filter((pid) => !after.children.has(pid)).length,
  };
}

/**
 * Busy CPU time of the whole machine (all cores: user, nice, system, irq, softirq, steal) from
 * /proc/stat, in microseconds; what is left after the processes the harness knows of is noise.
 */
export function machineBusyMicros() {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .map(Number);
  return ((user + nice + system + irq + softirq + (steal || 0)) * 1e6) / clockTicksPerSecond();
}

/** A line of /proc/<pid>/status in kB (VmRSS, VmHWM), or null when the process is gone. */
export function statusKb(pid, field) {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Samples VmRSS of `pid` every `everyMs` and keeps the maximum, until `stop()`. */
export function rssSampler(pid, everyMs = 100) {
  let peakKb = statusKb(pid, 'VmRSS') ?? 0;
  let samples = 1;
  const timer = setInterval(() => {
    const kb = statusKb(pid, 'VmRSS');
    if (kb !== null) {
      peakKb = Math.max(peakKb, kb);
      samples++;
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { peakKb, samples };
    },
  };
}

/**
 * An OTLP/HTTP collector stand-in on 127.0.0.1 that accepts and drops every export, so the
 * service's tracing cost is measured with the exporter really sending (and nothing leaving loopback).
 */
export async function startOtlpSink() {
  let exports = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      exports += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    exports: () => exports,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
