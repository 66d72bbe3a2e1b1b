// Baseline 1, the hardware ceiling: `node:http` and a `pg` pool, nothing else. It answers the
// providers page (scenario A), the bookings page (B, and C with every expansion) and a payout's
// payment transactions (E) with the service's statements and byte-identical JSON, and makes and
// cancels bookings (G) in the service's transactions. No auth: the service caches API keys, so auth
// costs it no SQL.
//
//   PORT=4001 DATABASE_URL=postgresql://... node bench/baselines/node-http-pg.mjs
import { createServer } from 'node:http';
import {
  createPool,
  createQueries,
  expansionOf,
  loadBuiltStatements,
  NotFound,
  pageJson,
  pageRequest,
} from './queries.mjs';
import { BadRequest, Conflict, createWrites, loadJobStatement } from './writes.mjs';
import { exitWithParent } from './lifecycle.mjs';

const pool = createPool(process.env.DATABASE_URL, Number(process.env.POOL_MAX || 10));
pool.on('error', () => undefined);
const statements = await loadBuiltStatements(process.env.DATABASE_URL);
const queries = createQueries(pool, statements);
const writes = createWrites(pool, statements, await loadJobStatement(pool));

const ORGANISATION = '(org_[A-Za-z0-9]+)';
const UUID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
const LIST = new RegExp(`^/v1/organisations/${ORGANISATION}/(providers|bookings)$`);
const PAYOUT_TRANSACTIONS = new RegExp(`^/v1/businesses/${UUID}/payouts/${UUID}/transactions$`);
const CANCEL = new RegExp(`^/v1/organisations/${ORGANISATION}/bookings/${UUID}/cancel$`);

const sendText = (response, status, text) => {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
};
const send = (response, status, body) => sendText(response, status, JSON.stringify(body));

const readBody = async (request) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
};

async function answer(request, response) {
  const url = new URL(request.url, 'http://127.0.0.1');
  const query = Object.fromEntries(url.searchParams);
  let match;
  if (request.method === 'GET' && (match = LIST.exec(url.pathname))) {
    const page = pageRequest(query);
    const expansion = expansionOf(query.expand);
    if (!page || !expansion) return send(response, 400, { error: 'bad page, limit or expand' });
    const [, organisationId, list] = match;
    if (list === 'providers') return send(response, 200, await queries.providers(organisationId, page));
    return sendText(response, 200, pageJson(await queries.bookings(organisationId, page, expansion)));
  }
  if (request.method === 'GET' && (match = PAYOUT_TRANSACTIONS.exec(url.pathname))) {
    const page = pageRequest(query);
    if (!page) return send(response, 400, { error: 'bad page or limit' });
    return send(response, 200, await queries.payoutTransactions(match[1], match[2], page));
  }
  if (request.method === 'POST' && (match = /^\/v1\/organisations\/(org_[A-Za-z0-9]+)\/bookings$/.exec(url.pathname))) {
    return sendText(response, 201, await writes.createBooking(match[1], await readBody(request)));
  }
  if (request.method === 'POST' && (match = CANCEL.exec(url.pathname))) {
    await readBody(request);
    return sendText(response, 200, await writes.cancelBooking(match[1], match[2]));
  }
  return send(response, 404, { error: 'not found' });
}

const server = createServer(async (request, response) => {
  try {
    await answer(request, response);
  } catch (error) {
    const status =
      error instanceof NotFound ? 404 : error instanceof BadRequest ? 400 : error instanceof Conflict ? 409 : 500;
    send(response, status, { error: String(error?.message ?? error) });
  }
});
server.keepAliveTimeout = 65_000;

server.listen(Number(process.env.PORT || 4001), '127.0.0.1', () => {
  process.stdout.write(`node-http-pg baseline listening on http://127.0.0.1:${server.address().port}\n`);
});

exitWithParent(async () => {
  server.closeAllConnections?.();
  await new Promise((resolve) => server.close(resolve));
  await pool.end();
});
