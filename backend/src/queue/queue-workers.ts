import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { Worker } from 'bullmq';
import { redisConfig } from '../config';
import { JobHandlers } from './job-handlers';
import { QueueName } from './queue-names';
import { redisOptionsFromUrl } from './redis-connection';

const CONCURRENCY: Record<QueueName, number> = {
  [QueueName.Payments]: 8,
  [QueueName.Learning]: 4,
  [QueueName.Analytics]: 4,
  [QueueName.Notifications]: 4,
  [QueueName.Maintenance]: 2,
};

/**
 * The worker process's consumers: one BullMQ Worker per queue, each only
 * dispatching to the handlers the feature modules registered. Started
 * explicitly once every module has registered its handlers, so no job is
 * taken before its handler exists. Workers get their own connection that
 * waits out a Redis outage, unlike the API's fail-fast producers.
 */
@Injectable()
export class QueueWorkers implements OnApplicationShutdown {
  private readonly logger = new Logger(QueueWorkers.name);
  private workers: Worker[] = [];

  constructor(
    private readonly handlers: JobHandlers,
    @Inject(redisConfig.KEY) private readonly redis: ConfigType<typeof redisConfig>,
  ) {}

  start(queues: readonly QueueName[] = Object.values(QueueName)): void {
    for (const queue of queues) {
      const worker = new Worker(queue, (job) => this.handlers.dispatch(job), {
        connection: { ...redisOptionsFromUrl(this.redis.url), maxRetriesPerRequest: null },
        prefix: this.redis.prefix,
        concurrency: CONCURRENCY[queue],
        lockDuration: 15000,
        stalledInterval: 15000,
      });
      worker.on('failed', (job, err) =>
        this.logger.warn({ queue, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: err.message }, 'Job failed'),
      );
      worker.on('error', (err) => this.logger.warn({ queue, err: err.message }, 'Worker error'));
      this.workers.push(worker);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((w) => w.close()));
  }
}
