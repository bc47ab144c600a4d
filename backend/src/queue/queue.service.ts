import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import type { JobsOptions, Queue } from 'bullmq';
import { COMMAND_JOB_QUEUES, type DirectCommandJobs, type DirectCommandName } from './job-catalogue';
import { JobHandlers, type ScheduleSpec } from './job-handlers';
import { ALL_QUEUES, QueueName } from './queue-names';

/** A queue's job counts (the admin's system status and queue pages). */
export class QueueCounts {
  @ApiProperty({ enum: QueueName, enumName: 'QueueName' })
  name: QueueName;
  @ApiProperty()
  waiting: number;
  @ApiProperty()
  active: number;
  @ApiProperty()
  delayed: number;
  @ApiProperty()
  completed: number;
  @ApiProperty()
  failed: number;
}

/** Typed access to the product's queues; every job it adds carries this database's origin. */
@Injectable()
export class QueueService {
  private readonly byName: Record<QueueName, Queue>;

  constructor(
    private readonly handlers: JobHandlers,
    @InjectQueue(QueueName.Payments) payments: Queue,
    @InjectQueue(QueueName.Analytics) analytics: Queue,
    @InjectQueue(QueueName.Notifications) notifications: Queue,
    @InjectQueue(QueueName.Maintenance) maintenance: Queue,
  ) {
    this.byName = {
      [QueueName.Payments]: payments,
      [QueueName.Analytics]: analytics,
      [QueueName.Notifications]: notifications,
      [QueueName.Maintenance]: maintenance,
    };
  }

  queue(name: QueueName): Queue {
    return this.byName[name];
  }

  get origin(): string {
    return this.handlers.origin;
  }

  /** A direct command. Owed commands (mail, captures) are not enqueued here: they are written with `tx.owe(...)` in the deciding transaction. */
  async enqueue<K extends DirectCommandName>(name: K, data: DirectCommandJobs[K], options: JobsOptions = {}): Promise<void> {
    await this.queue(COMMAND_JOB_QUEUES[name]).add(name, { ...data, origin: this.origin }, options);
  }

  /** Idempotent: schedulers are upserted, so every process may call this at boot. */
  async applySchedule(spec: ScheduleSpec): Promise<void> {
    const repeat = 'every' in spec.when ? { every: spec.when.every } : { pattern: spec.when.cron, tz: 'UTC' };
    await this.queue(COMMAND_JOB_QUEUES[spec.name]).upsertJobScheduler(spec.name, repeat, { name: spec.name, data: { ...spec.data, origin: this.origin } });
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
