import { registerAs } from '@nestjs/config';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { intFromEnv, validateNamespace } from './validate';

export class RedisConfig {
  @IsString()
  @Matches(/^rediss?:\/\//, { message: 'must be a redis:// URL' })
  url: string;

  /**
   * Key prefix for queues, rate limits and caches. Braces make it a Redis
   * Cluster hash tag. Unset: derived from the database's identity
   * (redis/redis-namespace.ts), so two copies of the product sharing one
   * Redis never take each other's jobs.
   */
  @IsOptional()
  @IsString()
  @Matches(/^\{[A-Za-z0-9_-]+\}$/, { message: 'must look like {name} (a Redis Cluster hash tag)' })
  prefix?: string;

  /**
   * How long a starting process waits for Redis before it gives up. A worker
   * or API started during a Redis restart comes up when Redis returns instead
   * of exiting (nothing would process the queue until someone restarted it).
   */
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  startupWaitMs: number;
}

export const redisConfig = registerAs(
  'redis',
  (): RedisConfig =>
    validateNamespace(
      'redis',
      RedisConfig,
      {
        url: process.env.REDIS_URL,
        prefix: process.env.REDIS_PREFIX || undefined,
        startupWaitMs: intFromEnv(process.env.REDIS_STARTUP_WAIT_MS, 120_000),
      },
      { url: 'REDIS_URL', prefix: 'REDIS_PREFIX', startupWaitMs: 'REDIS_STARTUP_WAIT_MS' },
    ),
);
