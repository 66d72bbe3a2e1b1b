import { type DynamicModule, Module, RequestMethod } from '@nestjs/common';
import type { Request } from 'express';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
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

/** JSON log lines with the request id on each, at `LOG_LEVEL`. */
@Module({})
export class LoggingModule {
  /** `destination`: where log lines go instead of stdout (tests read them back). */
  static forRoot(level: string, destination?: DestinationStream): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: [
            {
              level,
              genReqId: (request) => (request as Request).id,
              customAttributeKeys: { reqId: 'requestId' },
              redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
              serializers: {
                req: (request: { method: string; url: string; headers: Record<string, unknown> }) => ({
                  method: request.method,
                  url: redactUrl(request.url),
                  userAgent: request.headers['user-agent'],
                }),
                res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
              },
              customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info'),
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
