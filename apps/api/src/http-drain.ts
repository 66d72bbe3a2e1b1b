import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { type AddressInfo, Server as NetServer } from 'node:net';
import { setImmediate as afterPoll, setTimeout as sleep } from 'node:timers/promises';
import { kernelSocketQueues } from './kernel-socket-queues.js';

/** How often the listener's accept queue is looked at (about a millisecond of CPU on a big host). */
const ACCEPT_CHECK_MS = 20;
/** Clients that keep connecting after the signal are served this long at most; then the listener closes. */
const ACCEPT_LIMIT_MS = 10_000;
/** How soon idle connections are looked for again while a request is arriving (a few milliseconds of CPU). */
const SWEEP_MS = 100;

export interface Drainable {
  drain(): Promise<void>;
}

/**
 * Watches `server`'s connections and answers from the start, so that `drain()` can stop it without
 * resetting a connection whose client has already sent something:
 *
 * - The listener closes only once the kernel holds no connection waiting to be accepted. Closing it
 *   resets those, though their clients have sent a request, and the event loop accepts one connection
 *   per turn: on a busy machine dozens can wait. Connections that arrive after that are refused.
 * - Answers still to be written, and those to requests that arrive meanwhile, say `Connection: close`,
 *   so their clients do not send the next request on a connection about to close.
 * - Idle kept-alive connections are closed, but not while a request waits unread (below).
 *
 * Resolves once every connection has closed. Where the kernel's queues cannot be read (not Linux),
 * the listener closes after a turn of the event loop that accepted nothing.
 */
export function drainable(server: Server): Drainable {
  let accepted = 0;
  const unanswered = new Set<ServerResponse>();
  let draining = false;
  server.on('connection', () => accepted++);
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (draining) return void response.setHeader('Connection', 'close');
    unanswered.add(response);
    response.once('close', () => unanswered.delete(response));
  });

  async function drain(): Promise<void> {
    if (!server.listening || draining) return;
    draining = true;
    for (const response of unanswered) if (!response.headersSent) response.setHeader('Connection', 'close');
    const { port, family } = server.address() as AddressInfo;
    const signalledAt = Date.now();
    let acceptedBefore = accepted;
    const waitingToBeAccepted = () => {
      const waiting = kernelSocketQueues.waitingToBeAccepted(port, family) ?? accepted - acceptedBefore;
      acceptedBefore = accepted;
      return waiting;
    };
    // Each look comes after a poll phase (in the check phase): one that accepted nothing found the queue empty.
    do await sleep(ACCEPT_CHECK_MS).then(() => afterPoll());
    while (waitingToBeAccepted() > 0 && Date.now() - signalledAt < ACCEPT_LIMIT_MS);
    // The `net.Server` close: `http.Server.close` would also close idle connections at once, unchecked.
    const closed = new Promise<boolean>((resolve) => NetServer.prototype.close.call(server, () => resolve(true)));
    for (let allClosed = false; !allClosed;) {
      closeIdleConnections(server, { port, family });
      allClosed = await Promise.race([closed, sleep(SWEEP_MS, false)]);
    }
  }
  return { drain };
}

/**
 * Closes `server`'s idle kept-alive connections, unless one of its connections has bytes in the
 * kernel that the process has not read: closing a connection with a request in its receive buffer
 * resets it, and the event loop, which reads once a turn, may not know yet that the request is
 * there. Node counts a connection that has sent nothing yet as busy, not idle.
 */
export function closeIdleConnections(server: Server, { port, family }: Pick<AddressInfo, 'port' | 'family'>): void {
  if (!kernelSocketQueues.unread(port, family)) server.closeIdleConnections();
}
