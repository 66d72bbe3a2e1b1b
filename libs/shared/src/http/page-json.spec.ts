import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Response } from 'express';
import { pageOf } from '../domain/page.js';
import { sendPage, SharedResponses } from './page-json.js';

/** What `sendPage` hands to the response: headers and the bytes written. */
function sent(write: (response: Response) => void): { headers: Record<string, unknown>; body: Buffer } {
  const headers: Record<string, unknown> = {};
  const chunks: Buffer[] = [];
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name] = value),
    write: (chunk: Buffer) => chunks.push(Buffer.from(chunk)) > 0,
    end: () => undefined,
  };
  write(response as unknown as Response);
  return { headers, body: Buffer.concat(chunks) };
}

describe('sendPage and SharedResponses', () => {
  it('write the bytes and headers res.json writes, shared responses included', () => {
    const jsonValue = fc.jsonValue({ maxDepth: 2 });
    const record = fc.dictionary(fc.string({ unit: 'binary', maxLength: 6 }), jsonValue, { maxKeys: 5 });
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 4 }),
        fc.array(fc.record({ own: record, pick: fc.nat(), skip: fc.boolean() }), { maxLength: 8 }),
        (sources, items) => {
          const shared = new SharedResponses();
          const render = (item: (typeof items)[number]) => {
            const source = sources.length ? sources[item.pick % sources.length] : undefined;
            return {
              ...item.own,
              gone: undefined,
              ...(source ? { related: shared.of('related', source, (one) => ({ ...one })) } : {}),
              skip: item.skip || undefined,
            };
          };
          const page = pageOf(items, items.length + 3, { page: 1, limit: 10 });
          const expected = JSON.stringify({ ...page, items: items.map(render) });
          const { headers, body } = sent((response) =>
            sendPage(response, page, (item, out) => shared.write(render(item), out)),
          );
          expect(body.toString('utf8')).toBe(expected);
          expect(headers).toEqual({
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Length': Buffer.byteLength(expected),
          });
        },
      ),
    );
  });

  it('carries items across chunks, multi-byte characters and items larger than a chunk included', () => {
    const items = Array.from({ length: 40 }, (_, index) => ({ index, text: 'é€😀'.repeat(index * 1_000) }));
    const page = pageOf(items, 40, { page: 1, limit: 40 });
    const shared = new SharedResponses();
    const { body } = sent((response) => sendPage(response, page, (item, out) => shared.write(item, out)));
    expect(body.toString('utf8')).toBe(JSON.stringify(page));
  });

  it('copies shared responses larger than a chunk, and many of them across chunks', () => {
    const sources = [{ notes: 'ü'.repeat(150_000) }, { notes: 'short' }];
    const items = Array.from({ length: 30 }, (_, index) => ({ index, source: sources[index % 2] }));
    const shared = new SharedResponses();
    const render = (item: (typeof items)[number]) => ({
      index: item.index,
      related: shared.of('related', item.source, (one) => ({ ...one })),
    });
    const page = pageOf(items, 30, { page: 1, limit: 30 });
    const { body } = sent((response) => sendPage(response, page, (item, out) => shared.write(render(item), out)));
    expect(body.toString('utf8')).toBe(JSON.stringify({ ...page, items: items.map(render) }));
  });

  it('renders a source once per kind, and separately for another kind', () => {
    const shared = new SharedResponses();
    const source = { id: 'a' };
    let renders = 0;
    const asCard = (one: { id: string }) => ({ card: one.id, n: ++renders });
    expect(shared.of('paymentMethod', source, asCard)).toBe(shared.of('paymentMethod', source, asCard));
    expect(shared.of('healthFundCard', source, asCard)).toEqual({ card: 'a', n: 2 });
  });
});
