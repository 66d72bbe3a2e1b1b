import type { LoggerService } from '@nestjs/common';

/** Nest's own start-up lines: one per module and one per route (about 80 in all). */
const START_UP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/**
 * Logs Nest's start-up lines at `debug`, so that at the default level a person starting the service
 * sees the banner rather than the route table; everything else passes through unchanged.
 */
export class StartUpQuietLogger implements LoggerService {
  constructor(private readonly logger: LoggerService & { debug: NonNullable<LoggerService['debug']> }) {}

  log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams.at(-1);
    if (typeof context === 'string' && START_UP_CONTEXTS.has(context)) this.logger.debug(message, ...optionalParams);
    else this.logger.log(message, ...optionalParams);
  }

  error(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.error(message, ...optionalParams);
  }

  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.warn(message, ...optionalParams);
  }

  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.debug(message, ...optionalParams);
  }

  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.verbose?.(message, ...optionalParams);
  }

  fatal(message: unknown, ...optionalParams: unknown[]): void {
    (this.logger.fatal ?? this.logger.error).call(this.logger, message, ...optionalParams);
  }
}
