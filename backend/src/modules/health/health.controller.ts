import { Controller, Get, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import Redis from 'ioredis';
import { OpenDuringMaintenance } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { errorBody } from '../../common/errors/error-body';
import { QueueService } from '../../queue/queue.service';
import { REDIS } from '../../redis/redis.module';
import { ComponentHealth, HealthReport, HealthUnavailable } from './dto/health.dto';

const TIMEOUT_MS = 1500;

async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly queues: QueueService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Public()
  @OpenDuringMaintenance()
  @Get()
  @HealthCheck({ swaggerDocumentation: false })
  @ApiOperation({ summary: 'Liveness and readiness: database, Redis and queues' })
  @ApiExtraModels(ComponentHealth)
  @ApiOkResponse({ type: HealthReport })
  @ApiServiceUnavailableResponse({
    type: HealthUnavailable,
    description: 'A dependency is down (the report names it)',
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } },
  })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport | HealthUnavailable> {
    try {
      return (await this.health.check([
        () => this.db.pingCheck('database', { timeout: TIMEOUT_MS }),
        async () => {
          const redis = this.indicators.check('redis');
          try {
            await withTimeout(this.redis.ping(), 'Redis');
            return redis.up();
          } catch (err) {
            return redis.down({ message: (err as Error).message });
          }
        },
        async () => {
          const queues = this.indicators.check('queues');
          try {
            const counts = await withTimeout(this.queues.counts(), 'Queues');
            return queues.up({ failed: counts.reduce((n, q) => n + q.failed, 0), waiting: counts.reduce((n, q) => n + q.waiting, 0) });
          } catch (err) {
            return queues.down({ message: (err as Error).message });
          }
        },
      ])) as HealthReport;
    } catch (err) {
      if (err instanceof ServiceUnavailableException) {
        // The product's one error shape, with terminus' per-component report beside it.
        const report = err.getResponse() as Omit<HealthUnavailable, 'error'> & { error?: Record<string, ComponentHealth> };
        const down = Object.entries(report.error ?? {}).map(([name, info]) => `${name}${info.message ? ` (${info.message})` : ''}`);
        reply.status(503).header('Retry-After', '5');
        return { ...report, ...errorBody(503, `Not ready: ${down.join(', ') || 'a dependency'} unavailable`, { code: 'UNHEALTHY' }), status: 'error' };
      }
      throw err;
    }
  }
}
