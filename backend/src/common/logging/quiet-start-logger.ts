import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'nestjs-pino';

/** Nest's start-up chatter: a line per module, controller and route (about 300 at each start). */
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/**
 * Nest's own logger, through pino, with its start-up inventory of modules
 * and routes at debug level: a start shows what matters (listening, what
 * failed), and LOG_LEVEL=debug still lists every mapped route.
 */
export class QuietStartLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && START_UP_CONTEXTS.has(context)) this.pino.debug(message, ...optionalParams);
    else this.pino.log(message, ...optionalParams);
  }

  error(message: unknown, ...optionalParams: unknown[]): void {
    this.pino.error(message, ...optionalParams);
  }

  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.pino.warn(message, ...optionalParams);
  }

  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.pino.debug(message, ...optionalParams);
  }

  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.pino.verbose(message, ...optionalParams);
  }

  fatal(message: unknown, ...optionalParams: unknown[]): void {
    this.pino.fatal(message, ...optionalParams);
  }
}
