import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { JobsOptions } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { OWED_COMMAND_QUEUES, type OwedCommandJob, type OwedCommandJobs, type OwedCommandName } from '../queue/job-catalogue';
import type { QueueName } from '../queue/queue-names';
import { QueueService } from '../queue/queue.service';
import type { NewOwedCommand } from './owed-commands.repository';

/** How a command is owed: `key` makes deciding it twice one command; `summary` is what the console shows of it. */
export interface OweOptions {
  key?: string;
  summary?: Record<string, unknown>;
  /** BullMQ attempts for its job (default: the queue's); a test email tries once. */
  attempts?: number;
}

/** A command written in a transaction, published once that transaction committed. */
export interface CommittedCommand {
  id: string;
  name: OwedCommandName;
  queue: QueueName;
  jobId: string;
  data: unknown;
  attempts: number | null;
  /** W3C traceparent of the span that owed it, when traced (the fast path carries it; a re-driven job starts its own trace). */
  traceparent?: string;
}

/** The first job id of a command (BullMQ ids may not contain ':'). */
export const commandJobId = (name: string, id: string): string => `${name}-${id}`;

/** The row for a command decided now. */
export function newOwedCommand<K extends OwedCommandName>(name: K, data: OwedCommandJobs[K], options: OweOptions = {}): NewOwedCommand & { data: unknown } {
  const id = randomUUID();
  const payload = JSON.stringify(data);
  return {
    id,
    name,
    queue: OWED_COMMAND_QUEUES[name],
    key: options.key ?? null,
    summary: options.summary ?? {},
    payload,
    jobId: commandJobId(name, id),
    jobAttempts: options.attempts ?? null,
    data: JSON.parse(payload) as unknown,
  };
}

function jobOptions(jobId: string, attempts: number | null): JobsOptions {
  return attempts ? { jobId, attempts } : { jobId };
}

/**
 * Publishes committed commands to BullMQ, the fast path. A publish that
 * fails (Redis away, a crash) loses nothing: the row is owed, and the
 * re-drive enqueues it once the grace period has passed.
 */
@Injectable()
export class OwedCommandPublisher implements OnApplicationShutdown {
  private readonly logger = new Logger(OwedCommandPublisher.name);
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly queues: QueueService) {}

  publishCommitted(commands: readonly CommittedCommand[]): void {
    if (this.stopped || commands.length === 0) return;
    const byQueue = new Map<QueueName, Array<{ name: string; data: OwedCommandJob & { origin: string }; opts: JobsOptions }>>();
    for (const c of commands) {
      const jobs = byQueue.get(c.queue) ?? [];
      jobs.push({
        name: c.name,
        data: { commandId: c.id, data: c.data as never, origin: this.queues.origin, ...(c.traceparent ? { traceparent: c.traceparent } : {}) },
        opts: jobOptions(c.jobId, c.attempts),
      });
      byQueue.set(c.queue, jobs);
    }
    const publish = Promise.all([...byQueue].map(([queue, jobs]) => this.queues.queue(queue).addBulk(jobs)))
      .then(() => undefined)
      .catch((err: Error) => this.logger.warn({ err: err.message, commands: commands.length }, 'Owed commands not published; the re-drive will enqueue them'));
    this.inFlight.add(publish);
    void publish.finally(() => this.inFlight.delete(publish));
  }

  /** Waits for the publishes in flight (tests and shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  /** Enqueues a command again under a new job id (the re-drive). */
  async enqueueAgain(command: { id: string; name: string; queue: string; payload: unknown; attempts: number | null }, jobId: string): Promise<void> {
    await this.queues
      .queue(command.queue as QueueName)
      .add(command.name, { commandId: command.id, data: command.payload, origin: this.queues.origin }, jobOptions(jobId, command.attempts));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }
}
