// `npm start`: build when needed, then run the service in this process (so Ctrl-C and SIGTERM reach it).
import { join } from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

// npm runs this under `sh -c`, and a SIGTERM to npm ends npm and that shell but not this process,
// which would keep running (with its PostgreSQL) re-parented to PID 1. So when the parent goes
// away, the service stops exactly as on SIGTERM: it drains its requests and stops the database.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 250).unref();

buildIfNeeded();
await import(join(root, 'dist', 'apps', 'api', 'src', 'main.js'));
