// Baseline 1, the hardware ceiling: `node:http` and a `pg` pool, nothing else. It answers the
// providers page (scenario A) and the bookings page (scenario B) with the service's statements and
// byte-identical JSON. No auth: the service caches API keys, so auth costs it no SQL.
//
//   PORT=4001 DATABASE_URL=postgresql://... node bench/baselines/node-http-pg.mjs
import { createServer } from 'node:http';
import { createPool, createQueries, loadBuiltStatements, NotFound, pageRequest } from './queries.mjs';
import { exitWithParent } from './lifecycle.mjs';

const pool = createPool(process.env.DATABASE_URL, Number(process.env.POOL_MAX || 10));
pool.on('error', () => undefined);
const queries = createQueries(pool, await loadBuiltStatements(process.env.DATABASE_URL));

const ROUTE = /^\/v1\/organisations\/(org_[A-Za-z0-9]+)\/(providers|bookings)$/;

const send = (response, status, body) => {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
};

const server = createServer(async (request, response) => {
  try {
    const url = new URL(request.url, 'http://127.0.0.1');
    const match = request.method === 'GET' ? ROUTE.exec(url.pathname) : null;
    if (!match) return send(response, 404, { error: 'not found' });
    const page = pageRequest(Object.fromEntries(url.searchParams));
    if (!page) return send(response, 400, { error: 'bad page or limit' });
    const [, organisationId, list] = match;
    send(response, 200, await queries[list](organisationId, page));
  } catch (error) {
    send(response, error instanceof NotFound ? 404 : 500, { error: String(error?.message ?? error) });
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
