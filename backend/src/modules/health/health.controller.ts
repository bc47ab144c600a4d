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
import { MailHealth } from '../mail';
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
    private readonly mail: MailHealth,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /**
   * Mail delivery, reported beside the components but never a readiness
   * condition: an API whose mail server fails still serves requests (and
   * its mails are kept and retried). Down while mail fails or waits too long.
   */
  private async mailComponent(): Promise<ComponentHealth> {
    try {
      const mail = await withTimeout(this.mail.delivery(), 'Mail delivery');
      return {
        status: mail.status === 'ok' ? 'up' : 'down',
        ...(mail.status !== 'ok' && { message: mail.lastError ? `mail ${mail.status}: ${mail.lastError}` : `mail ${mail.status}` }),
        delivery: mail.status,
        recentFailures: mail.recentFailures,
        unsent: mail.unsent,
        oldestUnsentSeconds: mail.oldestUnsentSeconds,
      };
    } catch (err) {
      return { status: 'down', message: (err as Error).message };
    }
  }

  @Public()
  @OpenDuringMaintenance()
  @Get()
  @HealthCheck({ swaggerDocumentation: false })
  @ApiOperation({ summary: 'Liveness and readiness: database, Redis and queues; mail delivery in details (reported, not a readiness condition)' })
  @ApiExtraModels(ComponentHealth)
  @ApiOkResponse({ type: HealthReport })
  @ApiServiceUnavailableResponse({
    type: HealthUnavailable,
    description: 'A dependency is down (the report names it)',
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } },
  })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport | HealthUnavailable> {
    const mail = this.mailComponent();
    try {
      const report = (await this.health.check([
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
      return { ...report, details: { ...report.details, mail: await mail } };
    } catch (err) {
      if (err instanceof ServiceUnavailableException) {
        // The product's one error shape, with terminus' per-component report beside it.
        const report = err.getResponse() as Omit<HealthUnavailable, 'error'> & { error?: Record<string, ComponentHealth> };
        const down = Object.entries(report.error ?? {}).map(([name, info]) => `${name}${info.message ? ` (${info.message})` : ''}`);
        reply.status(503).header('Retry-After', '5');
        return {
          ...report,
          details: { ...report.details, mail: await mail },
          ...errorBody(503, `Not ready: ${down.join(', ') || 'a dependency'} unavailable`, { code: 'UNHEALTHY' }),
          status: 'error',
        };
      }
      throw err;
    }
  }
}
