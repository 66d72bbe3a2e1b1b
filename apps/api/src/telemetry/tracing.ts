import { register } from 'node:module';
// By path, not through `@app/shared`: this file runs before the instrumented modules may load.
import { redactUrl } from '../../../../libs/shared/src/logging/redact-url.js';

export interface Tracing {
  /** Sends the spans still buffered; call before the process exits. */
  shutdown(): Promise<void>;
}

/** The modules whose imports are intercepted so their instrumentations can patch them; others load untouched. */
const INSTRUMENTED_MODULES = ['http', 'https', 'express', 'router', 'pg', 'pg-pool'];

/** The HTTP span's attributes that hold the request's URL or part of it, old and new conventions. */
const URL_ATTRIBUTES = ['http.target', 'http.url', 'url.full', 'url.path', 'url.query'];

function redactedAttribute(name: string, value: string): string {
  if (name === 'url.query') return redactUrl(`/?${value}`).slice(2);
  if (!/^https?:\/\//.test(value)) return redactUrl(value);
  const url = new URL(value);
  return `${url.origin}${redactUrl(`${url.pathname}${url.search}`)}`;
}

/**
 * OpenTelemetry traces of incoming HTTP requests, Express's route handlers, and every pg
 * statement, exported over OTLP/HTTP to `OTEL_EXPORTER_OTLP_ENDPOINT` (the standard `OTEL_*`
 * variables tune it: `OTEL_SERVICE_NAME`, `OTEL_TRACES_SAMPLER`, `OTEL_BSP_*` …). The service is an
 * ES module, so module loading is hooked first (import-in-the-middle), then the SDK is started;
 * `main.ts` loads the service only afterwards. Loaded only when tracing is configured.
 */
export async function startTracing(): Promise<Tracing> {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: INSTRUMENTED_MODULES } });
  const [
    { NodeSDK },
    { OTLPTraceExporter },
    { HttpInstrumentation },
    { ExpressInstrumentation, ExpressLayerType },
    { PgInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || 'healthcare-business-api',
    traceExporter: new OTLPTraceExporter(),
    // Traces only: metrics are Prometheus's (`/metrics`) and logs go to stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        // Load balancer probes would be most of the traces and tell nothing.
        ignoreIncomingRequestHook: (request) => request.url?.startsWith('/health/') === true,
        // The problem body's `requestId` finds its trace: the id is set by the request pipeline before the answer.
        applyCustomAttributesOnSpan: (span, request) => {
          if ('id' in request && typeof request.id === 'string') span.setAttribute('http.request.id', request.id);
          // A collector is a log too: tokens in public paths and credentials in query strings are redacted as in the logs.
          const attributes = (span as unknown as { attributes?: Record<string, unknown> }).attributes ?? {};
          for (const name of URL_ATTRIBUTES) {
            const value = attributes[name];
            if (typeof value === 'string') span.setAttribute(name, redactedAttribute(name, value));
          }
        },
      }),
      // The route handler's span only: the request pipeline's middleware (request id, helmet, body
      // parsing) would add five mostly anonymous spans to every trace, each a cost and no insight.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      // Statements inside a request (or a job's span) only: not every pool connect and migration at start-up.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
