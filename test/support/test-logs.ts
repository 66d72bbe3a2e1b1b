import { Writable } from 'node:stream';

/**
 * Where an app under test writes its log lines when its test does not read them itself: kept for the
 * test being run, and printed by the test environment (`logs-of-failures-environment.cjs`) only if
 * that test fails.
 */
export function logsOfTheRunningTest(): Writable {
  const lines = (globalThis as { __testLogs?: string[] }).__testLogs;
  return new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      if (lines) lines.push(chunk.toString());
      else process.stdout.write(chunk);
      callback();
    },
  });
}
