// The embedded PostgreSQL of DATA_DIR, run for the harness in a process of its own:
//   node bench/lib/embedded-postgres.mjs <data dir>   prints "READY <url>" once it takes connections.
// Its own process, so the harness stops the database last, after the service. It stops PostgreSQL
// on SIGTERM or SIGINT and when the harness goes away (stdin closes). The server runs in a process
// group of its own (startEmbeddedPostgres), so a signal's default action here would leave it running.
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
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.on('error', () => void stop());
process.stdin.resume();
