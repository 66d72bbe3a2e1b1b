import type { Response } from 'express';
import type { Page } from '../domain/page.js';

/**
 * The responses that many items of one answer share (a page's bookings at one location, with one
 * provider, ...): each is rendered once per answer and its JSON text written once, however many items
 * hold it. Kept per kind, so one source may render differently as two kinds.
 */
export class SharedResponses {
  private readonly kinds = new Map<string, Map<object, object>>();
  private readonly texts = new Map<object, Buffer | undefined>();

  /** The response `render` gives for `source`, the same object for every item of this answer. */
  of<S extends object, R extends object>(kind: string, source: S, render: (source: S) => R): R {
    let responses = this.kinds.get(kind);
    if (responses === undefined) this.kinds.set(kind, (responses = new Map<object, object>()));
    const known = responses.get(source);
    if (known !== undefined) return known as R;
    const response = render(source);
    responses.set(source, response);
    this.texts.set(response, undefined);
    return response;
  }

  /**
   * Writes `JSON.stringify(item)` byte for byte: the item's own fields (a plain object's, as
   * `JSON.stringify` takes them), with a shared response's UTF-8 copied from its first rendering.
   */
  write(item: object, out: JsonBytes): void {
    let text = '{';
    let first = true;
    for (const key of Object.keys(item)) {
      const value: unknown = item[key as keyof typeof item];
      if (typeof value === 'object' && value !== null && this.texts.has(value)) {
        out.text(`${text}${first ? '' : ','}${keyText(key)}`);
        out.bytes(this.bytesOf(value));
        text = '';
        first = false;
        continue;
      }
      const valueText = JSON.stringify(value) as string | undefined;
      if (valueText === undefined) continue;
      text += `${first ? '' : ','}${keyText(key)}${valueText}`;
      first = false;
    }
    out.text(`${text}}`);
  }

  private bytesOf(response: object): Buffer {
    let bytes = this.texts.get(response);
    if (bytes === undefined) this.texts.set(response, (bytes = Buffer.from(JSON.stringify(response))));
    return bytes;
  }
}

const keyTexts = new Map<string, string>();

/** A field name as JSON with its colon, kept: an answer repeats the same few names thousands of times. */
function keyText(key: string): string {
  let text = keyTexts.get(key);
  if (text === undefined) keyTexts.set(key, (text = `${JSON.stringify(key)}:`));
  return text;
}

/**
 * Sends a page as `res.json` would (the same bytes and headers), built one item at a time: each item's
 * response exists only while it is written, and the answer is UTF-8 outside the JavaScript heap, so a
 * large page never holds all its response objects, or one string of the whole answer, on the heap.
 * Everything that can fail runs before the first byte is sent, so a failure is still answered as a problem.
 */
export function sendPage<T>(response: Response, page: Page<T>, writeItem: (item: T, out: JsonBytes) => void): void {
  const out = new JsonBytes();
  let first = true;
  for (const [key, value] of Object.entries(page)) {
    out.text(`${first ? '{' : ','}${keyText(key)}`);
    first = false;
    if (key !== 'items') {
      out.text(JSON.stringify(value));
      continue;
    }
    out.text('[');
    page.items.forEach((item, index) => {
      if (index) out.text(',');
      writeItem(item, out);
    });
    out.text(']');
  }
  out.text('}');
  out.send(response);
}

/** JSON as UTF-8 in chunks outside the JavaScript heap, sent with its length as `res.json` sends it. */
export class JsonBytes {
  // Below glibc's mmap threshold (128 kB in production, scripts/memory-settings.mjs), so a chunk comes from
  // malloc's heap and reuses its pages: a 256 kB chunk was mapped and unmapped for every answer, and its
  // page faults cost more than writing the JSON (about 460 mmap and munmap calls per 1,000 answers).
  private static readonly CHUNK_BYTES = 64 * 1024;
  private readonly full: Buffer[] = [];
  private chunk = Buffer.allocUnsafe(JsonBytes.CHUNK_BYTES);
  private used = 0;

  text(text: string): void {
    // At most 3 bytes per UTF-16 unit: the exact length is counted only when that bound does not fit.
    if (this.used + text.length * 3 > this.chunk.length) this.room(Buffer.byteLength(text));
    this.used += this.chunk.write(text, this.used);
  }

  bytes(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.chunk.set(bytes, this.used);
    this.used += bytes.length;
  }

  send(response: Response): void {
    const chunks = [...this.full, this.chunk.subarray(0, this.used)];
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader(
      'Content-Length',
      chunks.reduce((length, chunk) => length + chunk.length, 0),
    );
    for (const chunk of chunks) response.write(chunk);
    response.end();
  }

  private room(bytes: number): void {
    if (this.used + bytes <= this.chunk.length) return;
    this.full.push(this.chunk.subarray(0, this.used));
    this.chunk = Buffer.allocUnsafe(Math.max(JsonBytes.CHUNK_BYTES, bytes));
    this.used = 0;
  }
}
