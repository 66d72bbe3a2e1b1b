// A baseline stops on SIGTERM/SIGINT, and also when the harness that started it goes away (its
// stdin, a pipe from the harness, closes; only with BASELINE_EXIT_WITH_STDIN=1, which the harness
// sets), so a killed harness leaves no baseline behind.
export function exitWithParent(close) {
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(code), 5_000);
    force.unref();
    try {
      await close();
    } finally {
      process.exit(code);
    }
  };
  process.once('SIGTERM', () => void stop(0));
  process.once('SIGINT', () => void stop(0));
  if (process.env.BASELINE_EXIT_WITH_STDIN === '1') {
    process.stdin.on('end', () => void stop(0));
    process.stdin.on('error', () => void stop(0));
    process.stdin.resume();
  }
}
