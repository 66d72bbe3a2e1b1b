import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { RequestLog } from './request-log.js';

function logAt(level: string): { log: RequestLog; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  return { log: new RequestLog(pino({ level }, destination)), lines };
}

/** A request answered with `statusCode`: the response closes after it ended. */
function answer(log: RequestLog, url: string, statusCode: number): void {
  const request = {
    id: 'req-1',
    method: 'GET',
    url,
    headers: { 'user-agent': 'jest' },
    readableAborted: false,
  } as unknown as IncomingMessage & { id: string };
  const response = Object.assign(new EventEmitter(), { statusCode, writableEnded: true }) as unknown as ServerResponse;
  log.watch(request, response);
  response.emit('close');
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the request log', () => {
  it('writes one line per request, with its id, its redacted URL and its answer, at info for a 2xx', async () => {
    const { log, lines } = logAt('info');
    answer(log, '/v1/organisations?api_key=sk_live_1', 200);
    await settle();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        requestId: 'req-1',
        req: { method: 'GET', url: '/v1/organisations?api_key=[redacted]', userAgent: 'jest' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        msg: 'request completed',
      }),
    ]);
  });

  it('writes a 4xx at warn and a 5xx at error with an err, and nothing below the level', async () => {
    const { log, lines } = logAt('warn');
    answer(log, '/v1/organisations', 200);
    answer(log, '/v1/organisations', 404);
    answer(log, '/v1/organisations', 503);
    await settle();
    expect(lines.map(({ level, msg }) => [level, msg])).toEqual([
      [40, 'request completed'],
      [50, 'request errored'],
    ]);
    expect(lines[1].err).toEqual(expect.objectContaining({ message: 'failed with status code 503' }));
  });

  it('leaves out the health probes', async () => {
    const { log, lines } = logAt('info');
    answer(log, '/health/live', 200);
    await settle();
    expect(lines).toEqual([]);
  });
});
