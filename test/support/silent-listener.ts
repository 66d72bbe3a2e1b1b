import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A dead webhook receiver on 127.0.0.1: it accepts connections and never answers, so each delivery
 * to it waits out the sender's whole timeout.
 */
export class SilentListener {
  /** Connections accepted so far: each is one delivery attempt that reached the port. */
  accepted = 0;
  private readonly sockets = new Set<Socket>();
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((socket) => {
      this.accepted++;
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
