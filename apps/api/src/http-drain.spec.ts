import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { closeIdleConnections, drainable } from './http-drain.js';

const REQUEST = 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n';

/** A raw client connection: what it received, and how it ended (closed by the server, or its error code). */
async function rawConnection(
  port: number,
): Promise<{ socket: Socket; received: () => string; ended: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  const ended = new Promise<string>((resolve) => {
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    socket.on('close', () => resolve('closed'));
  });
  await once(socket, 'connect');
  return { socket, received: () => received, ended };
}

const answers = (received: string) => received.split('HTTP/1.1 ').slice(1);

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('drainable', () => {
  let server: Server;
  afterEach(() => {
    if (server.listening) server.close();
    server.closeAllConnections();
  });

  async function listening(): Promise<{ port: number; drain: () => Promise<void> }> {
    server = createServer((_request, response) => response.end('answered'));
    const drainer = drainable(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { port: (server.address() as AddressInfo).port, drain: () => drainer.drain() };
  }

  it('answers every connection still waiting to be accepted, though the event loop accepts one a turn and turns are slow', async () => {
    const { port, drain } = await listening();
    const clients = await Promise.all(Array.from({ length: 8 }, () => rawConnection(port)));
    for (const client of clients) client.socket.write(REQUEST);
    // Each turn of the event loop takes 120 ms, as on a machine whose cores are all busy.
    let loaded = true;
    const slowTurn = () => {
      const until = Date.now() + 120;
      while (Date.now() < until);
      if (loaded) setImmediate(slowTurn);
    };
    setImmediate(slowTurn);
    await drain().finally(() => (loaded = false));

    expect(await Promise.all(clients.map((client) => client.ended))).toEqual(clients.map(() => 'closed'));
    expect(clients.map((client) => answers(client.received()))).toEqual(
      clients.map(() => [expect.stringMatching(/Connection: close[^]*answered/)]),
    );
  });

  it('leaves a kept-alive connection open while a request waits unread in its receive buffer', async () => {
    const { port } = await listening();
    const client = await rawConnection(port);
    client.socket.write(REQUEST);
    await until(() => answers(client.received()).length === 1);

    // On loopback the request is in the service's receive buffer once the write returns; the event
    // loop reads it only on its next turn, so the connection still counts as idle.
    client.socket.write(REQUEST);
    closeIdleConnections(server, server.address() as AddressInfo);
    const answeredAgain = until(() => answers(client.received()).length === 2).then(() => 'answered');
    expect(await Promise.race([answeredAgain, client.ended])).toBe('answered');
    closeIdleConnections(server, server.address() as AddressInfo);

    expect(await client.ended).toBe('closed');
    expect(answers(client.received())).toEqual([
      expect.stringContaining('answered'),
      expect.stringContaining('answered'),
    ]);
  });

  it('gives a client that has connected but not yet sent its request the time to send it', async () => {
    const { port, drain } = await listening();
    const accepted = once(server, 'connection');
    const client = await rawConnection(port);
    await accepted;

    const drained = drain();
    await until(() => !server.listening);
    await new Promise((resolve) => setTimeout(resolve, 200));
    client.socket.write(REQUEST);
    await drained;

    expect(await client.ended).toBe('closed');
    expect(answers(client.received())).toEqual([expect.stringMatching(/Connection: close[^]*answered/)]);
  });

  it('closes an idle kept-alive connection, refuses new connections and resolves once every connection is closed', async () => {
    const { port, drain } = await listening();
    const client = await rawConnection(port);
    client.socket.write(REQUEST);
    await until(() => answers(client.received()).length === 1);

    await drain();

    expect(await client.ended).toBe('closed');
    const late = connect(port, '127.0.0.1');
    expect(
      await new Promise((resolve) => late.on('error', (error: NodeJS.ErrnoException) => resolve(error.code))),
    ).toBe('ECONNREFUSED');
  });
});
