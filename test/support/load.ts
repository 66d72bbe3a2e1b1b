import { request as httpRequest } from 'node:http';

/** One request's fate: its status (or the socket error's code), when it started and ended. */
export interface Outcome {
  startedAt: number;
  endedAt: number;
  status: number | string;
  retryAfter?: string;
  contentType?: string;
  body: string;
}

export interface Target {
  port: number;
  method?: 'GET' | 'POST';
  path: () => string;
  headers?: Record<string, string>;
  body?: () => unknown;
}

/** One HTTP request on its own connection, so a server that stops accepting shows as a socket error. */
export function send({ port, method = 'GET', path, headers = {}, body }: Target): Promise<Outcome> {
  const startedAt = Date.now();
  const payload = body ? JSON.stringify(body()) : undefined;
  return new Promise((resolve) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: path(),
        agent: false,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            startedAt,
            endedAt: Date.now(),
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'],
            contentType: response.headers['content-type'],
            body: text,
          }),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ startedAt, endedAt: Date.now(), status: error.code ?? error.message, body: '' }),
    );
    request.end(payload);
  });
}

/** `workers` loops, each sending its next request when the last one is answered, until `stop()`. */
export function closedLoop(targets: Target[], workers: number): { outcomes: Outcome[]; stop(): Promise<Outcome[]> } {
  const outcomes: Outcome[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async (_, index) => {
    while (running) outcomes.push(await send(targets[index % targets.length]));
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `condition` holds, for at most `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}
