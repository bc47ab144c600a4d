import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { DelayedError, Job, UnrecoverableError } from 'bullmq';
import { randomInt } from 'node:crypto';
import { databaseTimeoutKind } from '../common/errors/unavailable';
import { dbPool, metrics } from '../common/metrics/metrics';
import { inSpan } from '../common/tracing/trace-context';
import { REDIS_NAMESPACE, type RedisNamespace } from '../redis/redis-namespace';
import { discoverMethods } from './discover-methods';
import type { DirectCommandJobs, DirectCommandName } from './job-catalogue';
import { COMMAND_HANDLER, type CommandHandlerMeta } from './job-decorators';

export interface ScheduleSpec {
  name: DirectCommandName;
  when: { every: number } | { cron: string };
  data: DirectCommandJobs[DirectCommandName];
}

type Handler = (data: never, job: Job) => Promise<unknown>;

/** A job that failed for good (attempts exhausted, unrecoverable, or declared dead by the re-drive). */
export interface DeadLetter {
  queue: string;
  /** The job name: a command, or the consumer of an event. */
  name: string;
  jobId: string;
  /** Set when the job delivered an event. */
  eventId: string | null;
  /** Set when the job ran an owed command (its owed_commands row). */
  commandId?: string | null;
  error: string;
  attemptsMade: number;
  /** The job tells the admin about its own failure (a failed backup): no generic alert is needed. */
  alertsItself: boolean;
}

export interface CommandOptions {
  /** Set when the handler alerts the admin about its own final failure. */
  alertsItself?: boolean;
}

export type DeadLetterListener = (letter: DeadLetter) => Promise<void>;

/** A job BullMQ failed for good because it stalled too often: its work is still owed, and the re-drive enqueues it again. */
export type StalledOut = Omit<DeadLetter, 'alertsItself' | 'attemptsMade'>;
export type StalledOutListener = (job: StalledOut) => Promise<void>;

/** The reason BullMQ gives a job that stalled more often than maxStalledCount: its worker died under it, the job did nothing wrong. */
export const isStallFailure = (reason: string | undefined): boolean => /stalled more than allowable limit/.test(reason ?? '');

/** Every job names the database it belongs to; a worker of another database leaves it alone. */
export interface JobOrigin {
  origin?: string;
}

/**
 * Maps job names to the service methods that do the work. Feature modules
 * register their handlers in the worker; the per-queue processors only
 * dispatch, so they stay thin.
 */
@Injectable()
export class JobHandlers implements OnModuleInit {
  private readonly logger = new Logger(JobHandlers.name);
  private readonly handlers = new Map<string, Handler>();
  private readonly schedules = new Map<string, ScheduleSpec>();
  private readonly deadLetterListeners: DeadLetterListener[] = [];
  private readonly stalledOutListeners: StalledOutListener[] = [];
  private readonly selfAlerting = new Set<string>();

  constructor(
    @Inject(REDIS_NAMESPACE) private readonly namespace: RedisNamespace,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  /** Registers every @HandlesCommand method of the application's providers. */
  onModuleInit(): void {
    for (const { meta, call } of discoverMethods<CommandHandlerMeta>(this.discovery, this.scanner, this.reflector, COMMAND_HANDLER)) {
      this.add(meta.name, call as Handler);
      if (meta.alertsItself) this.selfAlerting.add(meta.name);
    }
  }

  command<K extends DirectCommandName>(name: K, handler: (data: DirectCommandJobs[K], job: Job) => Promise<unknown>, options: CommandOptions = {}): void {
    this.add(name, handler as Handler);
    if (options.alertsItself) this.selfAlerting.add(name);
  }

  /** An event consumer's handler; register consumers through EventConsumers, which also subscribes them. */
  consumer<T>(consumer: string, handler: (event: T, job: Job) => Promise<unknown>): void {
    this.add(consumer, handler as Handler);
  }

  /** An owed command's handler; register them through OwedCommands, which records each run on the command's row. */
  owed<T>(name: string, handler: (data: T, job: Job) => Promise<unknown>): void {
    this.add(name, handler as Handler);
  }

  /** A recurring command; the worker upserts every declared schedule at boot. */
  schedule<K extends DirectCommandName>(name: K, when: { every: number } | { cron: string }, data: DirectCommandJobs[K]): void {
    this.schedules.set(name, { name, when, data });
  }

  declaredSchedules(): ScheduleSpec[] {
    return [...this.schedules.values()];
  }

  has(name: string): boolean {
    return this.handlers.has(name);
  }

  onDeadLetter(listener: DeadLetterListener): void {
    this.deadLetterListeners.push(listener);
  }

  /** Called when BullMQ fails a job for stalling past its allowance (the job is not dead: its work is re-driven). */
  onStalledOut(listener: StalledOutListener): void {
    this.stalledOutListeners.push(listener);
  }

  /** The origin stamped on every job this process enqueues. */
  get origin(): string {
    return this.namespace.origin;
  }

  async dispatch(job: Job, token?: string): Promise<unknown> {
    const origin = (job.data as JobOrigin | undefined)?.origin;
    if (origin && origin !== this.namespace.origin) {
      // Another copy of the product shares this Redis prefix: its job, its database. Hand it back untouched (no attempt counted).
      this.logger.error(
        { jobId: job.id, job: job.name, origin, ours: this.namespace.origin },
        'Job of another database on this queue (REDIS_PREFIX shared by two copies?); left for its own worker',
      );
      await job.moveToDelayed(Date.now() + randomInt(1000, 5000), token);
      throw new DelayedError();
    }
    const handler = this.handlers.get(job.name);
    if (!handler) throw new UnrecoverableError(`No handler registered for job "${job.name}"`);
    const started = Date.now();
    const traceparent = (job.data as { traceparent?: unknown } | undefined)?.traceparent;
    try {
      const result = await inSpan(
        `job ${job.name}`,
        {
          'messaging.system': 'bullmq',
          'messaging.destination.name': job.queueName,
          'messaging.operation.name': job.name,
          'bullmq.attempt': job.attemptsMade + 1,
        },
        typeof traceparent === 'string' ? traceparent : undefined,
        () => handler(job.data as never, job),
      );
      metrics.jobDuration.observe({ queue: job.queueName, job: job.name, outcome: 'completed' }, (Date.now() - started) / 1000);
      this.logger.debug({ jobId: job.id, job: job.name, queue: job.queueName, ms: Date.now() - started }, 'job done');
      return result;
    } catch (err) {
      if (!(err instanceof DelayedError))
        metrics.jobDuration.observe({ queue: job.queueName, job: job.name, outcome: 'failed' }, (Date.now() - started) / 1000);
      const timeout = databaseTimeoutKind(err);
      if (timeout) dbPool.timeouts.inc({ kind: timeout });
      throw err;
    }
  }

  /**
   * The worker's 'failed' event: only a final failure (no retry left) is a
   * dead letter. A stall failure is not: the re-drive enqueues its event again.
   */
  async failed(job: Job, error: Error): Promise<void> {
    if (!job.finishedOn) return;
    const data = job.data as { id?: unknown; type?: unknown; commandId?: unknown } | undefined;
    const eventId = typeof data?.id === 'string' && typeof data.type === 'string' ? data.id : null;
    const commandId = typeof data?.commandId === 'string' ? data.commandId : null;
    if (isStallFailure(error.message)) {
      // Not a dead letter: the re-drive enqueues the work again. The listeners make it look now rather than after its back-off.
      const stalled: StalledOut = { queue: job.queueName, name: job.name, jobId: String(job.id), eventId, commandId, error: error.message };
      for (const listener of this.stalledOutListeners) {
        await listener(stalled).catch((err: Error) =>
          this.logger.error({ jobId: stalled.jobId, job: stalled.name, err: err.message }, 'Stalled-job listener failed'),
        );
      }
      return;
    }
    await this.deadLetter({
      queue: job.queueName,
      name: job.name,
      jobId: String(job.id),
      eventId,
      commandId,
      error: error.message,
      attemptsMade: job.attemptsMade,
    });
  }

  async deadLetter(letter: Omit<DeadLetter, 'alertsItself'>): Promise<void> {
    for (const listener of this.deadLetterListeners) {
      await listener({ ...letter, alertsItself: this.selfAlerting.has(letter.name) }).catch((err: Error) =>
        this.logger.error({ jobId: letter.jobId, job: letter.name, err: err.message }, 'Dead-letter listener failed'),
      );
    }
  }

  private add(name: string, handler: Handler): void {
    if (this.handlers.has(name)) throw new Error(`Job handler "${name}" registered twice`);
    this.handlers.set(name, handler);
  }
}
