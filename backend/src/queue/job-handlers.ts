import { Injectable, Logger } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import type { CommandJobName, CommandJobs } from './job-catalogue';
import type { EventEnvelope } from '../events/event-catalogue';

export interface ScheduleSpec {
  name: CommandJobName;
  when: { every: number } | { cron: string };
  data: CommandJobs[CommandJobName];
}

type Handler = (data: never, job: Job) => Promise<unknown>;

/**
 * Maps job names to the service methods that do the work. Feature modules
 * register their handlers in the worker; the per-queue processors only
 * dispatch, so they stay thin.
 */
@Injectable()
export class JobHandlers {
  private readonly logger = new Logger(JobHandlers.name);
  private readonly handlers = new Map<string, Handler>();
  private readonly schedules = new Map<string, ScheduleSpec>();

  command<K extends CommandJobName>(name: K, handler: (data: CommandJobs[K], job: Job) => Promise<unknown>): void {
    this.add(name, handler as Handler);
  }

  /** An event consumer: `consumer` must match its subscription. */
  consumer(consumer: string, handler: (event: EventEnvelope, job: Job) => Promise<unknown>): void {
    this.add(consumer, handler as Handler);
  }

  /** A recurring command; the worker upserts every declared schedule at boot. */
  schedule<K extends CommandJobName>(name: K, when: { every: number } | { cron: string }, data: CommandJobs[K]): void {
    this.schedules.set(name, { name, when, data });
  }

  declaredSchedules(): ScheduleSpec[] {
    return [...this.schedules.values()];
  }

  has(name: string): boolean {
    return this.handlers.has(name);
  }

  async dispatch(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new UnrecoverableError(`No handler registered for job "${job.name}"`);
    const started = Date.now();
    const result = await handler(job.data as never, job);
    this.logger.debug({ jobId: job.id, job: job.name, queue: job.queueName, ms: Date.now() - started }, 'job done');
    return result;
  }

  private add(name: string, handler: Handler): void {
    if (this.handlers.has(name)) throw new Error(`Job handler "${name}" registered twice`);
    this.handlers.set(name, handler);
  }
}
