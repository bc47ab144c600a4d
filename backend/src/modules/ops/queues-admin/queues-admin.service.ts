import { Injectable } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { ApiError } from '../../../common/errors/api-error';
import { ALL_QUEUES, type QueueName } from '../../../queue/queue-names';
import { QueueService, type QueueCounts } from '../../../queue/queue.service';
import { AuditService, redactSecrets } from '../../audit/audit.service';

export interface FailedJobView {
  id: string;
  name: string;
  failedReason: string;
  attemptsMade: number;
  timestamp: number;
  finishedOn: number | null;
  data: unknown;
}

/** Mail bodies may carry one-time links (password reset, invitation): the console never shows them. */
const HIDDEN_DATA_FIELDS: Record<string, readonly string[]> = { 'send-email': ['text', 'html'] };

/** The admin's view of the BullMQ queues: counts, failed jobs, retry and remove. */
@Injectable()
export class QueuesAdminService {
  constructor(
    private readonly queues: QueueService,
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
  ) {}

  counts(): Promise<QueueCounts[]> {
    return this.queues.counts();
  }

  async failed(name: string, limit = 100): Promise<FailedJobView[]> {
    const jobs = await this.queue(name).getFailed(0, limit - 1);
    return jobs.filter((job): job is Job => Boolean(job)).map((job) => this.view(job));
  }

  async retry(name: string, id: string, actor: AuthUser): Promise<void> {
    const job = await this.job(name, id);
    const state = await job.getState();
    if (state !== 'failed') throw ApiError.conflict(`Job ${id} is ${state}; only a failed job can be retried`);
    await job.retry('failed');
    await this.audit.record(this.dataSource.manager, { actor, action: 'retry-job', resource: 'queues', resourceId: `${name}/${id}`, summary: `Retried job ${job.name} (${id}) in queue ${name}` });
  }

  async remove(name: string, id: string, actor: AuthUser): Promise<void> {
    const job = await this.job(name, id);
    const state = await job.getState();
    if (state === 'active') throw ApiError.conflict(`Job ${id} is running; remove it once it has finished or failed`);
    try {
      await job.remove();
    } catch (err) {
      throw ApiError.conflict(`Job ${id} could not be removed: ${(err as Error).message}`);
    }
    await this.audit.record(this.dataSource.manager, { actor, action: 'remove-job', resource: 'queues', resourceId: `${name}/${id}`, summary: `Removed ${state} job ${job.name} (${id}) from queue ${name}` });
  }

  private queue(name: string): Queue {
    if (!(ALL_QUEUES as readonly string[]).includes(name)) throw ApiError.notFound(`Unknown queue "${name}"; queues: ${ALL_QUEUES.join(', ')}`);
    return this.queues.queue(name as QueueName);
  }

  private async job(name: string, id: string): Promise<Job> {
    const job = await this.queue(name).getJob(id);
    if (!job) throw ApiError.notFound(`No job ${id} in queue ${name}`);
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

/** A job's payload as the console may show it: secrets redacted, mail bodies hidden. */
function shownData(jobName: string, data: unknown): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const field of HIDDEN_DATA_FIELDS[jobName] ?? []) if (field in copy) copy[field] = '[hidden]';
  return redactSecrets(copy);
}
