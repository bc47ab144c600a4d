import { getQueueToken } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { JobsOptions, Queue } from 'bullmq';
import { COMMAND_JOB_QUEUES, type CommandJobName, type CommandJobs } from './job-catalogue';
import type { ScheduleSpec } from './job-handlers';
import { ALL_QUEUES, QueueName } from './queue-names';

export interface QueueCounts {
  name: QueueName;
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
}

/** Typed access to the product's queues. */
@Injectable()
export class QueueService {
  constructor(private readonly moduleRef: ModuleRef) {}

  queue(name: QueueName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  async enqueue<K extends CommandJobName>(name: K, data: CommandJobs[K], options: JobsOptions = {}): Promise<void> {
    await this.queue(COMMAND_JOB_QUEUES[name]).add(name, data, options);
  }

  /** Idempotent: schedulers are upserted, so every process may call this at boot. */
  async applySchedule(spec: ScheduleSpec): Promise<void> {
    const repeat = 'every' in spec.when ? { every: spec.when.every } : { pattern: spec.when.cron, tz: 'UTC' };
    await this.queue(COMMAND_JOB_QUEUES[spec.name]).upsertJobScheduler(spec.name, repeat, { name: spec.name, data: spec.data });
  }

  async counts(): Promise<QueueCounts[]> {
    return Promise.all(
      ALL_QUEUES.map(async (name) => {
        const c = await this.queue(name).getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized', 'waiting-children');
        return {
          name,
          waiting: (c.waiting ?? 0) + (c.prioritized ?? 0) + (c['waiting-children'] ?? 0),
          active: c.active ?? 0,
          delayed: c.delayed ?? 0,
          completed: c.completed ?? 0,
          failed: c.failed ?? 0,
        };
      }),
    );
  }
}
