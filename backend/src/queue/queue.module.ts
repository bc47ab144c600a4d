import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { redisConfig } from '../config';
import { JobHandlers } from './job-handlers';
import { ALL_QUEUES } from './queue-names';
import { QueueService } from './queue.service';
import { redisOptionsFromUrl } from './redis-connection';

const DAY = 24 * 3600;

/**
 * BullMQ wiring. Producers fail fast when Redis is away (enableOfflineQueue
 * off) so the outbox keeps the event and the sweeper publishes it later;
 * workers use the shared connection, which waits for Redis to come back.
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [redisConfig.KEY],
      useFactory: (redis: ConfigType<typeof redisConfig>) => ({
        connection: { ...redisOptionsFromUrl(redis.url), maxRetriesPerRequest: null },
        prefix: redis.prefix,
        defaultJobOptions: {
          attempts: 5,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: { age: DAY, count: 1000 },
          removeOnFail: { age: 7 * DAY },
        },
      }),
    }),
    ...ALL_QUEUES.map((name) =>
      BullModule.registerQueueAsync({
        name,
        inject: [redisConfig.KEY],
        useFactory: (redis: ConfigType<typeof redisConfig>) => ({
          connection: { ...redisOptionsFromUrl(redis.url), enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 },
          prefix: redis.prefix,
        }),
      }),
    ),
  ],
  providers: [QueueService, JobHandlers],
  exports: [BullModule, QueueService, JobHandlers],
})
export class QueueModule {}
