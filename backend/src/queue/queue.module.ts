import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { ConfigType } from '@nestjs/config';
import { bullmqTelemetry } from '../common/tracing/trace-context';
import { queueConfig, redisConfig } from '../config';
import { REDIS_NAMESPACE, type RedisNamespace } from '../redis/redis-namespace';
import { CriticalPath } from './critical-path';
import { JobHandlers } from './job-handlers';
import { ALL_QUEUES } from './queue-names';
import { QueueService } from './queue.service';
import { redisOptionsFromUrl } from './redis-connection';
import { CAPPED_EXPONENTIAL } from './retry-policy';

const DAY = 24 * 3600;

/**
 * BullMQ wiring. Producers fail fast when Redis is away (enableOfflineQueue
 * off) so the outbox keeps the event and the sweeper publishes it later;
 * workers use the shared connection, which waits for Redis to come back.
 * Jobs retry with a capped exponential backoff for hours (queue config);
 * failed jobs are the dead letters, kept 30 days.
 */
@Global()
@Module({
  imports: [
    DiscoveryModule,
    BullModule.forRootAsync({
      inject: [redisConfig.KEY, queueConfig.KEY, REDIS_NAMESPACE],
      useFactory: (redis: ConfigType<typeof redisConfig>, queue: ConfigType<typeof queueConfig>, namespace: RedisNamespace) => ({
        connection: { ...redisOptionsFromUrl(redis.url), maxRetriesPerRequest: null },
        prefix: namespace.prefix,
        telemetry: bullmqTelemetry(),
        defaultJobOptions: {
          attempts: queue.jobAttempts,
          backoff: { type: CAPPED_EXPONENTIAL, delay: queue.backoffBaseMs },
          removeOnComplete: { age: DAY, count: 1000 },
          removeOnFail: { age: 30 * DAY },
        },
      }),
    }),
    ...ALL_QUEUES.map((name) =>
      BullModule.registerQueueAsync({
        name,
        inject: [redisConfig.KEY, REDIS_NAMESPACE],
        useFactory: (redis: ConfigType<typeof redisConfig>, namespace: RedisNamespace) => ({
          connection: { ...redisOptionsFromUrl(redis.url), enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 },
          prefix: namespace.prefix,
          telemetry: bullmqTelemetry(),
        }),
      }),
    ),
  ],
  providers: [QueueService, JobHandlers, CriticalPath],
  exports: [BullModule, QueueService, JobHandlers, CriticalPath],
})
export class QueueModule {}
