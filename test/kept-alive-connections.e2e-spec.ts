import { type AddressInfo, type Socket, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/test-app.js';

// A client or load balancer keeps its connections open between requests and sends the next one
// whenever it has one. If the service ended an idle connection first, a request sent at that moment
// would be reset: the service waits for the other side to close.

/** Node's own idle limit is 5 s; load balancers commonly end idle connections after 60 s. */
const IDLE_MS = 6_000;

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  port = (t.app.getHttpServer().address() as AddressInfo).port;
});

afterAll(async () => {
  await t?.close();
});

/** Sends a GET on `socket` and reads its whole answer (Content-Length framed). */
function get(socket: Socket, path: string): Promise<{ status: number; connection?: string }> {
  return new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = received.slice(0, end);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (received.length < end + 4 + length) return;
      socket.off('data', onData);
      socket.off('close', onClose);
      resolve({
        status: Number(head.split(' ')[1]),
        connection: /\r\nconnection: *([^\r]+)/i.exec(head)?.[1]?.toLowerCase(),
      });
    };
    const onClose = () => reject(new Error(`the service closed the connection before answering ${path}`));
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${t.platformAuth}\r\n\r\n`);
  });
}

describe('a kept-alive connection', () => {
  it('stays open while idle for longer than Node’s default, and takes the next request', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    let closedBy: string | undefined;
    socket.once('end', () => (closedBy = 'service'));
    try {
      expect(await get(socket, '/v1/organisations?limit=1')).toEqual({ status: 200, connection: 'keep-alive' });
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      expect(closedBy).toBeUndefined();
      expect(await get(socket, '/v1/organisations?limit=1')).toEqual({ status: 200, connection: 'keep-alive' });
    } finally {
      socket.destroy();
    }
  });
});
