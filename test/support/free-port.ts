import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A TCP port free right now, for a listener a test starts later by port number (a child process, a
 * PostgreSQL or PgBouncer it runs). It is taken from below the kernel's ephemeral range: a port the
 * kernel hands out for `listen(0)` could go, between this probe and that listener, to another
 * process asking for any free port (the embedded PostgreSQL of `npm start` does), and the listener
 * would fail with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const ephemeralFrom = firstEphemeralPort();
  const lowest = Math.max(1024, ephemeralFrom - 12_000);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = lowest + Math.floor(Math.random() * (ephemeralFrom - lowest));
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port found from ${lowest} to ${ephemeralFrom - 1}`);
}

function firstEphemeralPort(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

/** Whether a listener on every interface (as the service listens) can take `port` now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}
