import { type DynamicModule, Module } from '@nestjs/common';
import { trace } from '@opentelemetry/api';
import { type DestinationStream, pino } from 'pino';
import { AppLogger } from './app-logger.js';
import { RequestLog } from './request-log.js';

/**
 * Paths removed from every log line. Bodies are never logged; these guard the places where a
 * secret or a card number could still reach a log through an error object or a header.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  '*.memberNumber',
  '*.cardNumber',
  '*.number',
  '*.key',
  '*.secret',
  '*.password',
  // What lets a card payment that waits for its cardholder be confirmed: in a payment, and in the
  // intents a Stripe error carries (an unexpected one is logged whole, under `err`).
  '*.clientSecret',
  '*.client_secret',
  'err.payment_intent.client_secret',
  'err.raw.payment_intent.client_secret',
  'err.setup_intent.client_secret',
  'err.raw.setup_intent.client_secret',
];

/**
 * The trace id of the span the line is written in, so a log line leads to its trace; with the
 * request id beside it, a problem body's `requestId` leads to both. Only when tracing runs.
 */
function traceIdOfActiveSpan(): string | undefined {
  return trace.getActiveSpan()?.spanContext().traceId || undefined;
}

/**
 * JSON log lines at `LOG_LEVEL`: Nest's logger (`AppLogger`) and one line per request
 * (`RequestLog`), both through one pino logger. A line written while a request is served carries
 * its `requestId` (and the trace id when tracing).
 */
@Module({})
export class LoggingModule {
  /**
   * `destination`: where log lines go instead of stdout (tests read them back). `requestId`: the id of
   * the request being served, if any (the composition root's request scope).
   */
  static forRoot(
    level: string,
    destination: DestinationStream | undefined,
    options: { tracing?: boolean; requestId: () => string | undefined },
  ): DynamicModule {
    const { requestId } = options;
    const mixin = options.tracing
      ? () => ({ requestId: requestId(), traceId: traceIdOfActiveSpan() })
      : () => ({ requestId: requestId() });
    const logger = pino(
      { level, mixin, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
      destination ?? process.stdout,
    );
    return {
      module: LoggingModule,
      providers: [
        { provide: AppLogger, useValue: new AppLogger(logger) },
        { provide: RequestLog, useValue: new RequestLog(logger) },
      ],
      exports: [AppLogger, RequestLog],
    };
  }
}
