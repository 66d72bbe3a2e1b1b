import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
/** Every log line of this file's app. */
const logLines: string[] = [];

beforeAll(async () => {
  const logDestination = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logDestination });
});

afterAll(async () => {
  await t?.close();
});

describe('request URLs in the logs', () => {
  it.each([
    [
      'an API key in the query string',
      '/v1/organisations?limit=5&api_key=sk_live_SECRETQUERY1',
      'SECRETQUERY1',
      '/v1/organisations?limit=5&api_key=[redacted]',
    ],
    [
      'a token parameter',
      '/v1/organisations?access_token=SECRETTOKEN2&page=1',
      'SECRETTOKEN2',
      '/v1/organisations?access_token=[redacted]&page=1',
    ],
    [
      'a payment link token in the path',
      '/v1/payment-links/SECRETLINK3',
      'SECRETLINK3',
      '/v1/payment-links/[redacted]',
    ],
    [
      'a public booking manage token',
      '/v1/public-bookings/SECRETMANAGE4/cancel?x=1',
      'SECRETMANAGE4',
      '/v1/public-bookings/[redacted]/cancel?x=1',
    ],
    ['a booking page manage token', '/book/manage/SECRETPAGE5', 'SECRETPAGE5', '/book/manage/[redacted]'],
    ['a payment page token', '/pay/SECRETPAY6', 'SECRETPAY6', '/pay/[redacted]'],
    [
      'an API key pasted into the path',
      '/v1/organisations/sk_SECRETPATH7',
      'SECRETPATH7',
      '/v1/organisations/[redacted]',
    ],
  ])('%s is redacted', async (_, url, secret, logged) => {
    const from = logLines.length;
    await t.http().get(url).set('Authorization', t.platformAuth);
    const lines = logLines.slice(from).join('');
    expect(lines).not.toContain(secret);
    const urls = lines
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { req?: { url: string } })
      .flatMap((line) => (line.req ? [line.req.url] : []));
    expect(urls).toContain(logged);
  });

  it('keeps ordinary query parameters, so the log still shows what was asked', async () => {
    const from = logLines.length;
    await t.http().get('/v1/organisations?limit=3&page=2').set('Authorization', t.platformAuth).expect(200);
    expect(logLines.slice(from).join('')).toContain('"url":"/v1/organisations?limit=3&page=2"');
  });
});
