import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { redactUrl } from './redact-url.js';

type LoggedRequest = IncomingMessage & { id: string; originalUrl?: string };

/** Requests that write no line: the load balancer's probes. */
const UNLOGGED_PATH = /^\/health\//;

/**
 * One line per answered request, written when the response closes: `info` for 1xx–3xx, `warn` for
 * 4xx, `error` for 5xx (`request errored`, with an `err`), and nothing built when that level is off.
 * The request id is set on the line itself: `close` may be emitted outside the request's scope.
 */
export class RequestLog {
  private readonly infoOn: boolean;
  private readonly warnOn: boolean;
  private readonly errorOn: boolean;

  constructor(private readonly logger: Logger) {
    this.infoOn = logger.isLevelEnabled('info');
    this.warnOn = logger.isLevelEnabled('warn');
    this.errorOn = logger.isLevelEnabled('error');
  }

  /** Call as the request arrives; the line is written when `response` closes. */
  watch(request: LoggedRequest, response: ServerResponse): void {
    if (!this.errorOn || UNLOGGED_PATH.test(request.url ?? '')) return;
    const startedAt = Date.now();
    response.once('close', () => this.write(request, response, Date.now() - startedAt));
  }

  private write(request: LoggedRequest, response: ServerResponse, responseTime: number): void {
    const { statusCode } = response;
    if (statusCode >= 500) {
      const err = new Error(`failed with status code ${statusCode}`);
      this.logger.error(
        { requestId: request.id, req: requestFields(request), res: { statusCode }, err, responseTime },
        'request errored',
      );
      return;
    }
    if (statusCode >= 400 ? !this.warnOn : !this.infoOn) return;
    const line = { requestId: request.id, req: requestFields(request), res: { statusCode }, responseTime };
    const message = !request.readableAborted && response.writableEnded ? 'request completed' : 'request aborted';
    if (statusCode >= 400) this.logger.warn(line, message);
    else this.logger.info(line, message);
  }
}

function requestFields(request: LoggedRequest): { method?: string; url: string; userAgent?: string } {
  return {
    method: request.method,
    // Express's `originalUrl`: inside a mounted app (the docs) `url` is the part after the mount path.
    url: redactUrl(request.originalUrl ?? request.url ?? ''),
    userAgent: request.headers['user-agent'],
  };
}
