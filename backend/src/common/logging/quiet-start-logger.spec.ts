import type { Logger } from 'nestjs-pino';
import { QuietStartLogger } from './quiet-start-logger';

describe('QuietStartLogger', () => {
  const calls: Array<[string, unknown[]]> = [];
  const record =
    (level: string) =>
    (...args: unknown[]) =>
      calls.push([level, args]);
  const pino: Pick<Logger, 'log' | 'debug' | 'error' | 'warn' | 'verbose' | 'fatal'> = {
    log: record('info'),
    debug: record('debug'),
    error: record('error'),
    warn: record('warn'),
    verbose: record('verbose'),
    fatal: record('fatal'),
  };
  const logger = new QuietStartLogger(pino as Logger);

  beforeEach(() => (calls.length = 0));

  it("moves Nest's module and route inventory to debug", () => {
    logger.log('Mapped {/api/courses, GET} route', 'RouterExplorer');
    logger.log('CoursesController {/api/courses}:', 'RoutesResolver');
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    expect(calls.map(([level]) => level)).toEqual(['debug', 'debug', 'debug']);
  });

  it('keeps everything else at its level, with its context', () => {
    logger.log('Nest application successfully started', 'NestApplication');
    logger.warn('Job failed', 'QueueWorkers');
    logger.error('boom', 'stack', 'AllExceptionsFilter');
    expect(calls).toEqual([
      ['info', ['Nest application successfully started', 'NestApplication']],
      ['warn', ['Job failed', 'QueueWorkers']],
      ['error', ['boom', 'stack', 'AllExceptionsFilter']],
    ]);
  });
});
