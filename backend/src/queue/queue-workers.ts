import { bullmqTelemetry } from '../common/tracing/trace-context';
import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { type Job, Worker } from 'bullmq';
import { queueConfig, redisConfig } from '../config';
import { REDIS_NAMESPACE, type RedisNamespace } from '../redis/redis-namespace';
import { InlineConsumers } from '../events/inline-consumers';
import { CriticalPath } from './critical-path';
import { JobHandlers } from './job-handlers';
import { QueueName } from './queue-names';
import { redisOptionsFromUrl } from './redis-connection';
import { backoffStrategy } from './retry-policy';

const CONCURRENCY: Record<QueueName, number> = {
  [QueueName.Payments]: 8,
  [QueueName.Analytics]: 4,
  [QueueName.Notifications]: 4,
  [QueueName.Maintenance]: 2,
};

/** Queues whose jobs yield to the critical path. */
const BACKGROUND: ReadonlySet<QueueName> = new Set([QueueName.Analytics, QueueName.Notifications]);

/**
 * The worker process's consumers: one BullMQ Worker per queue, each only
 * dispatching to the handlers the feature modules registered. Started
 * explicitly once every module has registered its handlers, so no job is
 * taken before its handler exists. Workers get their own connection that
 * waits out a Redis outage, unlike the API's fail-fast producers.
 *
 * They stop before any module's onApplicationShutdown (the database and
 * Redis connections close there), so the jobs under way finish against open
 * connections; once the shutdown began, start() starts nothing.
 */
@Injectable()
export class QueueWorkers implements BeforeApplicationShutdown {
  private readonly logger = new Logger(QueueWorkers.name);
  private workers: Worker[] = [];
  private closed = false;

  constructor(
    private readonly handlers: JobHandlers,
    @Inject(redisConfig.KEY) private readonly redis: ConfigType<typeof redisConfig>,
    @Inject(queueConfig.KEY) private readonly config: ConfigType<typeof queueConfig>,
    @Inject(REDIS_NAMESPACE) private readonly namespace: RedisNamespace,
    private readonly inline: InlineConsumers,
    private readonly critical: CriticalPath,
  ) {}

  start(queues: readonly QueueName[] = Object.values(QueueName)): void {
    if (this.closed) return;
    // Steps that follow each other in this worker (the IPN applied → access granted) run without a queue round trip.
    this.inline.enable();
    const policy = { attempts: this.config.jobAttempts, baseMs: this.config.backoffBaseMs, capMs: this.config.backoffCapSeconds * 1000 };
    for (const queue of queues) {
      const worker = new Worker(queue, (job, token) => this.process(queue, job, token), {
        connection: { ...redisOptionsFromUrl(this.redis.url), maxRetriesPerRequest: null },
        prefix: this.namespace.prefix,
        concurrency: CONCURRENCY[queue],
        lockDuration: this.config.lockDurationMs,
        stalledInterval: this.config.stalledIntervalMs,
        maxStalledCount: this.config.maxStalledCount,
        settings: { backoffStrategy: backoffStrategy(policy) },
        telemetry: bullmqTelemetry(),
      });
      worker.on('failed', (job, err) => {
        if (!job) return;
        if (err.name === 'DelayedError') return;
        this.logger.warn({ queue, job: job.name, jobId: job.id, attempt: job.attemptsMade, final: Boolean(job.finishedOn), err }, 'Job failed');
        void this.handlers.failed(job, err);
      });
      worker.on('error', (err) => this.logger.warn({ queue, err: err.message }, 'Worker error'));
      this.workers.push(worker);
    }
  }

  /**
   * The payments queue is the critical path (the IPN applied, access granted):
   * while its jobs run here, the background queues' jobs wait before they start
   * (CriticalPath, bounded by QUEUE_YIELD_MS). Maintenance (the sweeps, the
   * re-drive that back the guarantees) never waits.
   */
  private async process(queue: QueueName, job: Job, token?: string): Promise<unknown> {
    if (queue === QueueName.Payments) {
      const leave = this.critical.enter();
      try {
        return await this.handlers.dispatch(job, token);
      } finally {
        leave();
      }
    }
    if (BACKGROUND.has(queue)) await this.critical.yieldTo();
    return this.handlers.dispatch(job, token);
  }

  /** True once start() has started consumers (and the shutdown has not stopped them). */
  get running(): boolean {
    return this.workers.length > 0;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((w) => w.close()));
    // The follow-ups those jobs started inline finish too, while the database is still open.
    await this.inline.stop();
  }
}
