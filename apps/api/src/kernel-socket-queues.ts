import { closeSync, openSync, readSync } from 'node:fs';

const LISTEN = '0A';

/**
 * What Linux holds for the TCP listener on `port` and the connections accepted from it, read from
 * `/proc`: the event loop cannot tell what it has not read yet, the kernel can. Only that listener
 * and its accepted connections have `port` as their local port (the kernel never hands out a bound
 * port as another socket's ephemeral one). `undefined` where `/proc` cannot be read (another system).
 */
export const kernelSocketQueues = {
  /** Connections whose handshake is done (their client may have sent its request) that the process has not accepted. */
  waitingToBeAccepted: (port: number, family: string): number | undefined => receiveQueues(port, family, true),
  /** Bytes received on the accepted connections that the process has not read yet. */
  unread: (port: number, family: string): number | undefined => receiveQueues(port, family, false),
};

/** The receive queues (a listener's is its accept queue) of the listener, or of its connections, summed. */
function receiveQueues(port: number, family: string, listener: boolean): number | undefined {
  let total = 0;
  try {
    for (const row of tableRows(family === 'IPv6' ? '/proc/self/net/tcp6' : '/proc/self/net/tcp')) {
      // sl local_address rem_address st tx_queue:rx_queue …
      const [, local, , state, queues] = row.trim().split(/\s+/);
      // Listeners come first: the rest of the table costs milliseconds of CPU to produce on a big host.
      if (listener && state !== LISTEN) break;
      if (
        !queues ||
        (state === LISTEN) !== listener ||
        Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) !== port
      )
        continue;
      total += Number.parseInt(queues.slice(queues.indexOf(':') + 1), 16);
    }
  } catch {
    return undefined;
  }
  return total;
}

/** The table's rows after its header, read a page at a time so that a caller can stop early. */
function* tableRows(file: string): Generator<string> {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    let rest = '';
    let header = true;
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) {
      const lines = (rest + buffer.toString('latin1', 0, read)).split('\n');
      rest = lines.pop()!;
      if (header) lines.shift();
      header = false;
      yield* lines;
    }
  } finally {
    closeSync(fd);
  }
}
