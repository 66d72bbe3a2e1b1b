import { type DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { trace } from '@opentelemetry/api';
import type { Request } from 'express';
import { LoggerModule } from 'nestjs-pino';
import { type DestinationStream, pino } from 'pino';
import { redactUrl } from './redact-url.js';

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
];

/**
 * The trace id of the span the line is written in, so a log line leads to its trace; with the
 * request id beside it, a problem body's `requestId` leads to both. Only when tracing runs.
 */
function traceIdOfActiveSpan(): { traceId?: string } {
  const traceId = trace.getActiveSpan()?.spanContext().traceId;
  return traceId ? { traceId } : {};
}

/**
 * The key pino-http binds the request under in a child logger that nothing logs through (see
 * `quietResLogger`); its serializer drops it at once, so no request is serialised and redacted
 * for it. The request appears on log lines as `req`, where a line puts it.
 */
const UNUSED_REQUEST_BINDING = 'pinoHttpRequest';

/** JSON log lines with the request id on each (and the trace id when tracing), at `LOG_LEVEL`. */
@Module({})
export class LoggingModule {
  /** `destination`: where log lines go instead of stdout (tests read them back). */
  static forRoot(level: string, destination?: DestinationStream, options: { tracing?: boolean } = {}): DynamicModule {
    const threshold = level === 'silent' ? Infinity : pino.levels.values[level];
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: [
            {
              level,
              ...(options.tracing ? { mixin: traceIdOfActiveSpan } : {}),
              genReqId: (request) => (request as Request).id,
              // `req` under a key of its own: see UNUSED_REQUEST_BINDING.
              customAttributeKeys: { reqId: 'requestId', req: UNUSED_REQUEST_BINDING },
              // Binds `requestId` to every line of the request (pino-http's default keeps it only inside `req`, which the serializer drops).
              quietReqLogger: true,
              redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
              // Ours read the request and response themselves: pino-http's wrappers first copy every
              // header into an object of their own, on each request, for fields these never show.
              wrapSerializers: false,
              serializers: {
                req: (request: { method: string; url: string; originalUrl?: string; headers: Record<string, unknown> }) => ({
                  method: request.method,
                  // Express's `originalUrl`: inside a mounted app (the docs) `url` is the part after the mount path.
                  url: redactUrl(request.originalUrl ?? request.url),
                  userAgent: request.headers['user-agent'],
                }),
                res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
                [UNUSED_REQUEST_BINDING]: () => undefined,
              },
              // The request is put on the answer's line when that line is written, rather than bound to a
              // child logger up front: pino serialises (and redacts) a child's bindings when it is made,
              // which every request paid even at `warn`, where a 2xx writes no line. (pino-http makes that
              // child whatever its options; with `quietResLogger` nothing logs through it, and its
              // binding, UNUSED_REQUEST_BINDING, serialises to nothing.)
              quietResLogger: true,
              customSuccessObject: (request, _response, line: object) => ({ req: request, ...line }),
              customErrorObject: (request, _response, _error, line: object) => ({ req: request, ...line }),
              // 'silent' below LOG_LEVEL: pino-http builds a line's object and message before the level
              // check would drop them.
              customLogLevel: (_request, response, error) => {
                const answerLevel = error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info';
                return pino.levels.values[answerLevel] >= threshold ? answerLevel : 'silent';
              },
            },
            destination ?? process.stdout,
          ],
          exclude: [{ method: RequestMethod.ALL, path: 'health/*path' }],
        }),
      ],
      exports: [LoggerModule],
    };
  }
}
