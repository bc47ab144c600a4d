import { Injectable } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CommonError } from '../../../common/errors/common.error';
import { EventDeliveriesRepository, type DeadLetterFilter } from '../../../events/event-deliveries.repository';
import { OwedCommandsRepository } from '../../../events/owed-commands.repository';
import { OWED_COMMAND_QUEUES } from '../../../queue/job-catalogue';
import { RedriveService } from '../../../events/redrive.service';
import { ALL_QUEUES, type QueueName } from '../../../queue/queue-names';
import { QueueService, type QueueCounts } from '../../../queue/queue.service';
import { AuditService, redactSecrets } from '../../audit';
import type { CommandCounts, DeadLetterView, DeliveryCounts, FailedJobPage, FailedJobView } from './dto/queue-views.dto';

/** Mail bodies may carry one-time links (password reset, invitation), attachments are personal documents: the console never shows them. */
const HIDDEN_DATA_FIELDS: Record<string, readonly string[]> = { 'send-email': ['text', 'html', 'attachments'] };

export function parseDeadLetterId(id: string): { consumer: string; eventId: string } {
  const match = /^([a-z0-9-]{1,64})\/([0-9a-f-]{36})$/i.exec(id);
  if (!match) throw CommonError.field('ids', `"${id}" is not a dead letter id (consumer/eventId)`);
  return { consumer: match[1], eventId: match[2] };
}

/** The admin's view of the BullMQ queues, event deliveries and owed commands: counts, failed jobs, dead letters, retry and remove. */
@Injectable()
export class QueuesAdminService {
  constructor(
    private readonly queues: QueueService,
    private readonly audit: AuditService,
    private readonly deliveries: EventDeliveriesRepository,
    private readonly redrive: RedriveService,
    private readonly commands: OwedCommandsRepository,
  ) {}

  counts(): Promise<QueueCounts[]> {
    return this.queues.counts();
  }

  deliveryCounts(): Promise<DeliveryCounts> {
    return this.deliveries.counts();
  }

  commandCounts(): Promise<CommandCounts> {
    return this.commands.counts(Object.keys(OWED_COMMAND_QUEUES));
  }

  /** One page of a queue's failed jobs, newest first, and how many there are in all. */
  async failed(name: string, skip: number, take: number): Promise<FailedJobPage> {
    const queue = this.queue(name);
    const [jobs, total] = await Promise.all([queue.getFailed(skip, skip + take - 1), queue.getFailedCount()]);
    return { jobs: jobs.filter((job): job is Job => Boolean(job)).map((job) => this.view(job)), total };
  }

  async retry(name: string, id: string, actor: AuthUser): Promise<void> {
    const job = await this.job(name, id);
    const state = await job.getState();
    if (state !== 'failed') throw CommonError.conflict(`Job ${id} is ${state}; only a failed job can be retried`);
    await job.retry('failed');
    await this.audit.record(null, {
      actor,
      action: 'retry-job',
      resource: 'queues',
      resourceId: `${name}/${id}`,
      summary: `Retried job ${job.name} (${id}) in queue ${name}`,
    });
  }

  /** Retries the given failed jobs of a queue, or every failed job when no ids are given. */
  async retryMany(name: string, ids: readonly string[] | undefined, actor: AuthUser): Promise<number> {
    const queue = this.queue(name);
    let retried = 0;
    if (ids) {
      for (const id of ids) {
        const job = await queue.getJob(id);
        if (job && (await job.getState()) === 'failed') {
          await job.retry('failed');
          retried++;
        }
      }
    } else {
      retried = await queue.getFailedCount();
      await queue.retryJobs({ state: 'failed', count: 500 });
    }
    await this.audit.record(null, {
      actor,
      action: 'retry-job',
      resource: 'queues',
      resourceId: name,
      summary: ids ? `Retried ${retried} failed job(s) in queue ${name}` : `Retried all ${retried} failed job(s) in queue ${name}`,
    });
    return retried;
  }

  async remove(name: string, id: string, actor: AuthUser): Promise<void> {
    const job = await this.job(name, id);
    const state = await job.getState();
    if (state === 'active') throw CommonError.conflict(`Job ${id} is running; remove it once it has finished or failed`);
    try {
      await job.remove();
    } catch (err) {
      throw CommonError.conflict(`Job ${id} could not be removed: ${(err as Error).message}`);
    }
    await this.audit.record(null, {
      actor,
      action: 'remove-job',
      resource: 'queues',
      resourceId: `${name}/${id}`,
      summary: `Removed ${state} job ${job.name} (${id}) from queue ${name}`,
    });
  }

  async deadLetters(filter: DeadLetterFilter, skip: number, take: number): Promise<{ rows: DeadLetterView[]; total: number }> {
    const { rows, total } = await this.deliveries.listDead(filter, skip, take);
    return {
      total,
      rows: rows.map((r) => ({
        id: `${r.consumer}/${r.event_id}`,
        consumer: r.consumer,
        queue: r.queue,
        eventId: r.event_id,
        eventType: r.type,
        occurredAt: new Date(r.occurred_at).toISOString(),
        deadAt: r.dead_at ? new Date(r.dead_at).toISOString() : null,
        error: r.last_error,
        redrives: r.redrives,
        jobId: r.job_id,
      })),
    };
  }

  /** Retries dead letters: the given ones, or every one matching the filter. */
  async retryDeadLetters(ids: readonly string[] | undefined, filter: Omit<DeadLetterFilter, 'keys'>, actor: AuthUser): Promise<number> {
    const keys = ids?.map(parseDeadLetterId);
    const retried = await this.redrive.retryDead({ ...filter, keys });
    await this.audit.record(null, {
      actor,
      action: 'retry-dead-letters',
      resource: 'dead-letters',
      summary: keys
        ? `Retried ${retried} dead letter(s)`
        : `Retried all ${retried} dead letter(s)${filter.consumer ? ` of ${filter.consumer}` : ''}${filter.queue ? ` in ${filter.queue}` : ''}`,
    });
    return retried;
  }

  private queue(name: string): Queue {
    if (!(ALL_QUEUES as readonly string[]).includes(name)) throw CommonError.notFound(`Unknown queue "${name}"; queues: ${ALL_QUEUES.join(', ')}`);
    return this.queues.queue(name as QueueName);
  }

  private async job(name: string, id: string): Promise<Job> {
    const job = await this.queue(name).getJob(id);
    if (!job) throw CommonError.notFound(`No job ${id} in queue ${name}`);
    return job;
  }

  private view(job: Job): FailedJobView {
    return {
      id: String(job.id),
      name: job.name,
      failedReason: job.failedReason ?? '',
      attemptsMade: job.attemptsMade,
      timestamp: job.timestamp,
      finishedOn: job.finishedOn ?? null,
      data: shownData(job.name, job.data),
    };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

function hidden(jobName: string, data: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...data };
  for (const field of HIDDEN_DATA_FIELDS[jobName] ?? []) if (field in copy) copy[field] = '[hidden]';
  return copy;
}

/** A job's payload as the console may show it: secrets redacted, mail bodies hidden (in an owed command's data too). */
function shownData(jobName: string, data: unknown): unknown {
  if (!isRecord(data)) return data;
  const owed = typeof data.commandId === 'string' && isRecord(data.data);
  return redactSecrets(owed ? { ...data, data: hidden(jobName, data.data as Record<string, unknown>) } : hidden(jobName, data));
}
