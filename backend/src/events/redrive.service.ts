import { metrics } from '../common/metrics/metrics';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { queueConfig } from '../config';
import { AppMetaRepository } from '../database/app-meta.repository';
import { HandlesCommand } from '../queue/job-decorators';
import { isStallFailure, JobHandlers } from '../queue/job-handlers';
import type { QueueName } from '../queue/queue-names';
import { QueueService } from '../queue/queue.service';
import { EventConsumers } from './event-consumers';
import { EventDeliveriesRepository, type DeadLetterFilter, type DueDelivery } from './event-deliveries.repository';
import { envelopeOf } from './outbox-relay.service';
import { OwedCommandPublisher } from './owed-command-publisher';
import { OwedCommandsRepository, type DueCommand } from './owed-commands.repository';
import { OwedCommands } from './owed-commands.service';

export interface RedriveReport {
  checked: number;
  alive: number;
  redriven: number;
  dead: number;
  unpublished: number;
}

const BATCH = 500;
const ROUNDS_PER_SWEEP = 20;
const PARALLEL_CHECKS = 20;
/**
 * How long a sweep holds what it looks at. A check takes milliseconds, but when the row is held by a consumer's open
 * transaction its bookkeeping is skipped (never waits) and the row stays leased: if that transaction then dies (its
 * worker was killed while it waited on a payment), the row is looked at again when the lease ends. So the lease is
 * short (twice the grace period, at most LEASE_SECONDS), not the longest back-off.
 */
const LEASE_SECONDS = 120;
const MAX_RECHECK_SECONDS = 600;
/** Deliveries owed by events older than this are not backfilled on upgrade. */
const BACKFILL_DAYS = 7;
const BACKFILL_MARKER = 'deliveries_backfilled';
/** The reason BullMQ gives a job that stalled more often than maxStalledCount: the worker died under it, the job itself did nothing wrong. */
const ALIVE = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'paused']);

async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * The re-drive: delivery is done when the consumer has recorded the event,
 * not when a job was enqueued, and a command is done when its row says
 * sent. Every few seconds (and at worker start) it looks at deliveries and
 * commands still owed after the grace period and asks BullMQ about their
 * job: alive (waiting, running, retrying) is left alone and looked at again
 * later; gone (Redis lost its data), completed without a record, or failed
 * because its worker died under it twice is enqueued again under a new job
 * id (consumers and command handlers are idempotent); failed for any other
 * reason after all its retries is a dead letter, shown in the console with
 * an alert.
 */
@Injectable()
export class RedriveService implements OnModuleInit {
  private readonly logger = new Logger(RedriveService.name);

  constructor(
    private readonly deliveries: EventDeliveriesRepository,
    private readonly consumers: EventConsumers,
    private readonly queues: QueueService,
    private readonly handlers: JobHandlers,
    private readonly appMeta: AppMetaRepository,
    private readonly commands: OwedCommandsRepository,
    private readonly commandHandlers: OwedCommands,
    private readonly publisher: OwedCommandPublisher,
    @Inject(queueConfig.KEY) private readonly config: ConfigType<typeof queueConfig>,
  ) {}

  onModuleInit(): void {
    this.handlers.schedule('redrive-deliveries', { every: this.config.redriveEverySeconds * 1000 }, {});
  }

  private get leaseSeconds(): number {
    return Math.min(LEASE_SECONDS, 2 * this.config.redriveGraceSeconds);
  }

  @HandlesCommand('redrive-deliveries')
  async sweep(): Promise<RedriveReport> {
    const report: RedriveReport = { checked: 0, alive: 0, redriven: 0, dead: 0, unpublished: 0 };
    for (let round = 0; round < ROUNDS_PER_SWEEP; round++) {
      const due = await this.deliveries.leaseDue(BATCH, this.leaseSeconds);
      await forEachLimited(due, PARALLEL_CHECKS, (delivery) => this.check(delivery, report));
      if (due.length < BATCH) break;
    }
    for (let round = 0; round < ROUNDS_PER_SWEEP; round++) {
      const due = await this.commands.leaseDue(BATCH, this.leaseSeconds);
      // A command whose job starts right after the lease holds its row while it runs (a mail being sent): its check may
      // then wait past lock_timeout. It stays leased and is looked at again; the others are checked meanwhile.
      await forEachLimited(due, PARALLEL_CHECKS, (command) =>
        this.checkCommand(command, report).catch((err: Error) =>
          this.logger.warn(
            { commandId: command.id, command: command.name, err: err.message },
            'Re-drive check of a command failed; it is looked at again later',
          ),
        ),
      );
      if (due.length < BATCH) break;
    }
    metrics.redrivePasses.inc();
    if (report.redriven > 0) metrics.redriveEnqueued.inc(report.redriven);
    if (report.dead > 0) metrics.redriveDead.inc(report.dead);
    if (report.redriven > 0 || report.dead > 0) this.logger.warn({ ...report }, 'Re-drive: events and commands still owed were enqueued again');
    return report;
  }

  /** The same questions for an owed command: is its job alive, failed for good, or gone? */
  private async checkCommand(c: DueCommand, report: RedriveReport): Promise<void> {
    report.checked++;
    if (!this.commandHandlers.has(c.name) || !c.payload) {
      await this.commandDead(c, c.payload ? `No handler for the command "${c.name}" is registered` : 'The command has no data to run with', report);
      return;
    }
    const queue = this.queues.queue(c.queue as QueueName);
    const state = c.job_id ? await queue.getJobState(c.job_id) : 'unknown';
    if (ALIVE.has(state)) {
      report.alive++;
      const after = Math.min(this.config.redriveGraceSeconds * 2 ** Math.min(c.checks + 1, 16), MAX_RECHECK_SECONDS);
      await this.commands.postpone(c.id, c.checks + 1, after);
      return;
    }
    if (state === 'failed') {
      const reason = (await queue.getJob(c.job_id))?.failedReason ?? 'failed';
      if (!isStallFailure(reason)) {
        await this.commandDead(c, reason, report);
        return;
      }
    }
    if (c.redrives >= this.config.maxRedrives) {
      await this.commandDead(c, `Still not done after ${c.redrives} re-drives; its job ${c.job_id} ${state === 'completed' ? 'completed' : 'is gone'}`, report);
      return;
    }
    const jobId = `${c.name}-${c.id}-r${Date.now().toString(36)}`;
    await this.publisher.enqueueAgain({ id: c.id, name: c.name, queue: c.queue, payload: c.payload, attempts: c.job_attempts }, jobId);
    await this.commands.redriven(c.id, jobId, this.config.redriveGraceSeconds);
    report.redriven++;
  }

  private async commandDead(c: DueCommand, error: string, report: RedriveReport): Promise<void> {
    report.dead++;
    if (await this.commands.markDead(c.id, error)) {
      await this.handlers.deadLetter({ queue: c.queue, name: c.name, jobId: c.job_id, eventId: null, commandId: c.id, error, attemptsMade: c.redrives });
    }
  }

  private async check(d: DueDelivery, report: RedriveReport): Promise<void> {
    report.checked++;
    if (!d.published_at) {
      // Not even published yet: the outbox sweeper's job, look again after the grace period.
      report.unpublished++;
      await this.deliveries.postpone(d.consumer, d.event_id, d.checks, this.config.redriveGraceSeconds);
      return;
    }
    if (!this.consumers.definition(d.consumer)) {
      await this.dead(d, `No consumer "${d.consumer}" is registered`, report);
      return;
    }
    const queue = this.queues.queue(d.queue as QueueName);
    const state = d.job_id ? await queue.getJobState(d.job_id) : 'unknown';
    if (ALIVE.has(state)) {
      report.alive++;
      const after = Math.min(this.config.redriveGraceSeconds * 2 ** Math.min(d.checks + 1, 16), MAX_RECHECK_SECONDS);
      await this.deliveries.postpone(d.consumer, d.event_id, d.checks + 1, after);
      return;
    }
    if (state === 'failed') {
      const job = await queue.getJob(d.job_id);
      const reason = job?.failedReason ?? 'failed';
      if (!isStallFailure(reason)) {
        await this.dead(d, reason, report);
        return;
      }
      await this.redrive(d, `job ${d.job_id}: ${reason}`, report);
      return;
    }
    await this.redrive(
      d,
      d.job_id ? `job ${d.job_id} ${state === 'completed' ? 'completed without recording the event' : 'is gone from the queue'}` : 'retried by an admin',
      report,
    );
  }

  private async redrive(d: DueDelivery, reason: string, report: RedriveReport): Promise<void> {
    if (d.redrives >= this.config.maxRedrives) {
      await this.dead(d, `Still not recorded after ${d.redrives} re-drives; last: ${reason}`, report);
      return;
    }
    const jobId = `${d.consumer}-${d.event_id}-r${Date.now().toString(36)}`;
    await this.queues.queue(d.queue as QueueName).add(d.consumer, { ...envelopeOf({ ...d, id: d.event_id }), origin: this.queues.origin }, { jobId });
    await this.deliveries.redriven(d.consumer, d.event_id, jobId, this.config.redriveGraceSeconds, reason);
    report.redriven++;
  }

  private async dead(d: DueDelivery, error: string, report: RedriveReport): Promise<void> {
    report.dead++;
    if (await this.deliveries.markDead(d.consumer, d.event_id, error)) {
      await this.handlers.deadLetter({ queue: d.queue, name: d.consumer, jobId: d.job_id, eventId: d.event_id, error, attemptsMade: d.redrives });
    }
  }

  /** Retries dead letters (an admin's bulk retry): they are due at once and get new job ids. */
  async retryDead(filter: DeadLetterFilter): Promise<number> {
    const revived = await this.deliveries.revive(filter);
    if (revived.length > 0) await this.sweep();
    return revived.length;
  }

  /**
   * Once per database, at worker start: deliveries owed by events written
   * before deliveries were recorded (an upgrade from an older version).
   */
  async backfillOnce(): Promise<number> {
    if (await this.appMeta.has(BACKFILL_MARKER)) return 0;
    let owed = 0;
    for (const consumer of this.consumers.definitions()) {
      owed += await this.deliveries.backfill(consumer.name, consumer.queue, consumer.events, BACKFILL_DAYS, this.config.redriveGraceSeconds);
    }
    await this.appMeta.setIfAbsent(BACKFILL_MARKER, owed);
    if (owed > 0) this.logger.warn({ owed }, 'Deliveries owed by events from before the upgrade were recorded; the re-drive will deliver them');
    return owed;
  }
}
