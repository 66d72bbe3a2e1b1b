import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * Keeps every core busy, as a full test run on a small machine does: one process per core spinning
 * until `stop()`, and each stops by itself after `maxMs` even if the test that started it dies.
 */
export function burnCpu(maxMs: number, processes = availableParallelism()): { stop(): void } {
  const burners: ChildProcess[] = Array.from({ length: processes }, () =>
    spawn(process.execPath, ['-e', `const end = Date.now() + ${Math.round(maxMs)}; while (Date.now() < end);`], {
      stdio: 'ignore',
    }),
  );
  return {
    stop() {
      for (const burner of burners) if (burner.exitCode === null && burner.signalCode === null) burner.kill('SIGKILL');
    },
  };
}
