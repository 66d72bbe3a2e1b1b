// The process entry. Tracing has to patch http, express and pg before anything imports them, and
// static imports are all loaded before a module's first line runs: so this file imports nothing
// statically, starts tracing only when it is configured, and then loads the service.
const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
  ? await (await import('./telemetry/tracing.js')).startTracing()
  : undefined;
const { main } = await import('./server.js');

main({ beforeExit: tracing ? () => tracing.shutdown() : undefined }).catch((error: unknown) => {
  // A configuration error is one line that says what to set (AppConfig's ConfigurationError).
  if (error instanceof Error && error.name === 'ConfigurationError') {
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

export {};
