// A client of a Node process's inspector (the process started with `--inspect=127.0.0.1:0`), over
// the DevTools protocol: its heap after a full collection, and heap snapshots to compare.
import { createWriteStream } from 'node:fs';

/** The inspector's WebSocket address from the line Node prints when it starts listening. */
export const INSPECTOR_LINE = /^Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/\S+)/;

export async function connectInspector(url, { timeoutMs = 120_000 } = {}) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error(`Could not connect to the inspector at ${url}`)), {
      once: true,
    });
  });
  let nextId = 1;
  const pending = new Map();
  let onChunk = null;
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    if (message.method === 'HeapProfiler.addHeapSnapshotChunk') return onChunk?.(message.params.chunk);
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
    else waiting.resolve(message.result);
  });
  socket.addEventListener('close', () => {
    for (const waiting of pending.values()) waiting.reject(new Error(`The inspector closed during ${waiting.method}`));
    pending.clear();
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${method}: no answer from the inspector within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const settle = (fn) => (value) => {
        clearTimeout(timer);
        fn(value);
      };
      pending.set(id, { method, resolve: settle(resolve), reject: settle(reject) });
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send('HeapProfiler.enable');

  return {
    /** V8's used heap in bytes right after a full collection: what the process still holds, without garbage. */
    async heapUsedAfterGc() {
      await send('HeapProfiler.collectGarbage');
      return (await send('Runtime.getHeapUsage')).usedSize;
    },
    /** Writes a heap snapshot (after a full collection) to `file`, for DevTools' Memory tab to compare. */
    async writeHeapSnapshot(file) {
      const out = createWriteStream(file);
      onChunk = (chunk) => out.write(chunk);
      try {
        await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      } finally {
        onChunk = null;
        await new Promise((resolve) => out.end(resolve));
      }
    },
    close() {
      socket.close();
    },
  };
}
