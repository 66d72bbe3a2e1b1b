// `npm start`: build when needed, then run the service in this process (so Ctrl-C and SIGTERM reach it).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded, root } from './build-if-needed.mjs';
import { HEAP_FLAGS } from './heap-flags.mjs';

// npm runs this under `sh -c`, and a SIGTERM to npm ends npm and that shell but not this process,
// which would keep running (with its PostgreSQL) re-parented to PID 1. So when the parent goes
// away, the service stops exactly as on SIGTERM: it drains its requests and stops the database.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 250).unref();

if (HEAP_FLAGS.every((flag) => process.execArgv.includes(flag) || process.env.NODE_OPTIONS?.includes(flag))) {
  buildIfNeeded();
  await import(join(root, 'dist', 'apps', 'api', 'src', 'main.js'));
} else {
  // Heap limits are fixed when V8 starts, so this script runs itself again with them, passing on
  // the signals that stop the service, and its exit code.
  const child = spawn(process.execPath, [...HEAP_FLAGS, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
