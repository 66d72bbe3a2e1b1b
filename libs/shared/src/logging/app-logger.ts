import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';

/** `\n    at …`: a stack trace where Nest's exception handlers pass one as a second string. */
const STACK_TRACE = /\n\s*at /;

/**
 * Nest's logger (`Logger` of `@nestjs/common` writes through it) as pino lines: the context (Nest's
 * last argument) under `context`, an object's fields on the line, an error under `err`.
 */
export class AppLogger implements LoggerService {
  constructor(readonly pino: Logger) {}

  log(message: unknown, ...optionalParams: unknown[]): void {
    this.write('info', message, optionalParams);
  }

  error(message: unknown, ...optionalParams: unknown[]): void {
    this.write('error', message, optionalParams);
  }

  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.write('warn', message, optionalParams);
  }

  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.write('debug', message, optionalParams);
  }

  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.write('trace', message, optionalParams);
  }

  fatal(message: unknown, ...optionalParams: unknown[]): void {
    this.write('fatal', message, optionalParams);
  }

  private write(level: Level, message: unknown, optionalParams: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    let params = optionalParams;
    if (params.length > 0) {
      fields.context = params.at(-1);
      params = params.slice(0, -1);
    }
    if (typeof message === 'object' && message !== null) {
      if (message instanceof Error) fields.err = message;
      else Object.assign(fields, message);
      const [text, ...args] = params as [string?, ...unknown[]];
      this.pino[level](fields, text, ...args);
    } else if (
      level === 'error' &&
      typeof message === 'string' &&
      params.length === 1 &&
      typeof params[0] === 'string' &&
      STACK_TRACE.test(params[0])
    ) {
      const err = new Error(message);
      err.stack = params[0];
      this.pino[level]({ ...fields, err });
    } else {
      this.pino[level](fields, message as string, ...params);
    }
  }
}
