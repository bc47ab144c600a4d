import { registerAs } from '@nestjs/config';
import { IsOptional, IsString, Matches } from 'class-validator';
import { validateNamespace } from './validate';

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
}

export const redisConfig = registerAs(
  'redis',
  (): RedisConfig =>
    validateNamespace(
      'redis',
      RedisConfig,
      { url: process.env.REDIS_URL, prefix: process.env.REDIS_PREFIX || undefined },
      { url: 'REDIS_URL', prefix: 'REDIS_PREFIX' },
    ),
);
