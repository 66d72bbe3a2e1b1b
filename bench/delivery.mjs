// `npm run bench:delivery`: webhook delivery throughput. An instance of the built service that runs
// no jobs creates EVENTS clients (one `client.created` event each, over CONNECTIONS connections) for
// an organisation whose webhook endpoint is a receiver on 127.0.0.1; then an instance with workers
// drains the queued deliveries, and the run reports events delivered per second, every one verified
// with `standardwebhooks`, and any that arrived twice.
// Uses DATABASE_URL, or the embedded PostgreSQL of DATA_DIR; removes what it created on the way out.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { buildIfNeeded, root } from '../scripts/build-if-needed.mjs';
import { freePort, sleep, startNode, waitForHttp } from './lib/processes.mjs';

const EVENTS = Number(process.env.EVENTS || 2000);
const CONNECTIONS = Number(process.env.CONNECTIONS || 8);
const TIMEOUT_MS = Number(process.env.DELIVERY_TIMEOUT_SECONDS || 300) * 1000;
const dataDir = resolve(process.env.DATA_DIR || join(root, '.data'));
const log = (line) => process.stdout.write(`[delivery] ${line}\n`);
const cleanups = [];

async function main() {
  buildIfNeeded();
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    if (!existsSync(join(dataDir, 'pg', 'PG_VERSION')))
      throw new Error(`No database in ${dataDir}: set DATABASE_URL or run \`npm run seed\` first.`);
    const postgres = startNode('embedded PostgreSQL', join(root, 'bench', 'lib', 'embedded-postgres.mjs'), {
      cwd: root,
      env: process.env,
      args: [dataDir],
      logFile: '/dev/null',
    });
    cleanups.unshift(() => postgres.stop(20_000));
    databaseUrl = (await postgres.waitForLine(/^READY /, 120_000)).slice('READY '.length).trim();
  }

  const received = new Map();
  let secret = '';
  let forged = 0;
  const receiver = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const event = new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), request.headers);
        const seen = received.get(event.id);
        received.set(event.id, { at: seen?.at ?? Date.now(), count: (seen?.count ?? 0) + 1 });
      } catch {
        forged++;
      }
      response.writeHead(204).end();
    });
  });
  await new Promise((done) => receiver.listen(0, '127.0.0.1', done));
  cleanups.unshift(() => new Promise((done) => receiver.close(done)));
  const receiverUrl = `http://127.0.0.1:${receiver.address().port}/hooks`;

  const key = 'sk_bench_harness_local_only_key';
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    BOOTSTRAP_API_KEY: key,
    WALLET_ENCRYPTION_KEY: process.env.WALLET_ENCRYPTION_KEY || walletKeyOf(dataDir),
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
  };
  let base = '';
  /** The service as production runs it; `jobWorkers: false` queues deliveries without running them. */
  const startService = async (jobWorkers) => {
    const port = await freePort();
    const service = startNode('service', join(root, 'dist', 'apps', 'api', 'src', 'main.js'), {
      cwd: root,
      env: { ...env, PORT: String(port), JOB_WORKERS: String(jobWorkers) },
      logFile: '/dev/null',
    });
    cleanups.unshift(() => service.stop());
    base = `http://127.0.0.1:${port}`;
    await waitForHttp(service, `${base}/health/live`);
    return service;
  };
  const call = async (method, path, body) => {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
    return answer.json();
  };

  // 1. The events, with their delivery jobs queued by an instance that runs no jobs.
  const queuing = await startService(false);
  const organisation = await call('POST', '/v1/organisations', {
    name: `Delivery bench ${randomBytes(4).toString('hex')}`,
  });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  // After the service stops (it is first in line), before the receiver and the database.
  cleanups.splice(1, 0, async () => {
    for (const table of ['webhook_deliveries', 'webhook_endpoints', 'events', 'clients', 'api_keys', 'organisations']) {
      await pool.query(`delete from ${table} where ${table === 'organisations' ? 'id' : 'organisation_id'} = $1`, [
        organisation.id,
      ]);
    }
    await pool.end();
  });
  const endpoint = await call('POST', `/v1/organisations/${organisation.id}/webhook-endpoints`, {
    url: receiverUrl,
    enabledEvents: ['client.created'],
  });
  secret = endpoint.secret;

  log(`${EVENTS} client.created events over ${CONNECTIONS} connections to ${receiverUrl}`);
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < EVENTS) {
        next++;
        await call('POST', `/v1/organisations/${organisation.id}/clients`, {
          firstName: 'Bench',
          lastName: `Client ${next}`,
        });
      }
    }),
  );
  const createdIn = Date.now() - started;
  await queuing.stop();
  cleanups.shift();

  // 2. An instance with workers drains the queue: delivery alone, measured from when it is up.
  await startService(true);
  const draining = Date.now();
  while (received.size < EVENTS && Date.now() - draining < TIMEOUT_MS) await sleep(50);
  const arrivals = [...received.values()];
  const last = Math.max(...arrivals.map((arrival) => arrival.at));
  const result = {
    events: EVENTS,
    delivered: received.size,
    duplicates: arrivals.filter((arrival) => arrival.count > 1).length,
    unverified: forged,
    createdPerSecond: Math.round((EVENTS / createdIn) * 1000),
    deliveredPerSecond: Math.round((received.size / (last - draining)) * 1000),
  };
  log(JSON.stringify(result));
  if (received.size < EVENTS || forged)
    throw new Error(`${EVENTS - received.size} events not delivered, ${forged} unverified`);
}

/** The wallet key the seed kept, or a throw-away one: this run stores no card. */
function walletKeyOf(directory) {
  const path = join(directory, 'wallet-encryption-key');
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : randomBytes(32).toString('hex');
}

async function cleanUp() {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch((error) => log(`clean-up: ${error.message}`));
}

main()
  .then(cleanUp)
  .catch(async (error) => {
    log(error.stack ?? String(error));
    await cleanUp();
    process.exit(1);
  });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanUp().then(() => process.exit(130)));
