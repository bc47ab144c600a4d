import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { redisConfig } from '../config';
import { redisOptionsFromUrl } from '../queue/redis-connection';
import { REDIS_NAMESPACE, resolveRedisNamespace, type RedisNamespace } from './redis-namespace';

export const REDIS = Symbol('REDIS');
export { REDIS_NAMESPACE, type RedisNamespace };

/** Checks BullMQ's requirement; returns a message when Redis would evict queue keys. */
export async function evictionPolicyProblem(redis: Redis): Promise<string | null> {
  const info = await redis.info('memory');
  const policy = /maxmemory_policy:(\S+)/.exec(info)?.[1];
  if (policy && policy !== 'noeviction') {
    return `Redis maxmemory-policy is "${policy}"; BullMQ needs "noeviction" (run: redis-cli CONFIG SET maxmemory-policy noeviction, and set it in redis.conf)`;
  }
  return null;
}

/**
 * Connects a lazy client, retrying with a capped backoff until `waitMs` has
 * passed: a process started while Redis restarts comes up when it returns.
 */
export async function connectWithin(client: Redis, waitMs: number, onRetry: (attempt: number, err: Error) => void): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await client.connect();
      return;
    } catch (err) {
      if (Date.now() >= deadline) throw err;
      onRetry(attempt, err as Error);
      client.disconnect();
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** (attempt - 1), 5000, Math.max(0, deadline - Date.now()))));
    }
  }
}

/**
 * The shared Redis client for rate limits, token denylist and caches. Its
 * keys live under the namespace's prefix, like the queues'.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_NAMESPACE,
      inject: [DataSource, redisConfig.KEY],
      useFactory: (dataSource: DataSource, config: ConfigType<typeof redisConfig>) => resolveRedisNamespace(dataSource, config.prefix),
    },
    {
      provide: REDIS,
      inject: [redisConfig.KEY, REDIS_NAMESPACE],
      useFactory: async (config: ConfigType<typeof redisConfig>, namespace: RedisNamespace) => {
        const client = new Redis({
          ...redisOptionsFromUrl(config.url),
          keyPrefix: `${namespace.prefix}:`,
          maxRetriesPerRequest: 2,
          connectTimeout: 3000,
          lazyConnect: true,
        });
        const logger = new Logger('Redis');
        client.on('error', (err) => logger.warn(`Redis: ${err.message}`));
        await connectWithin(client, config.startupWaitMs, (attempt, err) =>
          logger.warn(`Waiting for Redis at ${config.url} (attempt ${attempt}): ${err.message}`),
        ).catch((err: Error) => {
          client.disconnect();
          throw new Error(`Cannot reach Redis at ${config.url}: ${err.message}`);
        });
        const problem = await evictionPolicyProblem(client);
        if (problem) {
          client.disconnect();
          throw new Error(problem);
        }
        return client;
      },
    },
  ],
  exports: [REDIS, REDIS_NAMESPACE],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
