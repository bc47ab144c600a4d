import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { JobsOptions } from 'bullmq';
import { DataSource } from 'typeorm';
import { HandlesCommand } from '../queue/job-decorators';
import { QueueService } from '../queue/queue.service';
import type { QueueName } from '../queue/queue-names';
import type { EventEnvelope, EventType } from './event-catalogue';
import { EventSubscriptions } from './event-subscriptions';
import { INLINE_JOB_DELAY_MS, InlineConsumers, inlineKey } from './inline-consumers';
import { OutboxRepository, type OutboxRow } from './outbox.repository';

/** An outbox row its own process just committed: published straight away, without reading it back. */
export interface CommittedEvent {
  id: string;
  type: EventType;
  aggregateType: string;
  aggregateId: string;
  payload: unknown;
  occurredAt: Date;
  traceparent?: string;
  /** The consumers owed a delivery, when a subscriber's condition was checked as it was written (absent: every subscriber). */
  consumers?: readonly string[];
}

const BATCH = 200;

export function envelopeOf(
  row: Pick<OutboxRow, 'id' | 'type' | 'aggregate_type' | 'aggregate_id' | 'payload' | 'occurred_at'> & { trace_context?: string | null },
): EventEnvelope {
  return {
    id: row.id,
    type: row.type,
    occurredAt: new Date(row.occurred_at).toISOString(),
    aggregateType: row.aggregate_type,
    aggregateId: row.aggregate_id,
    payload: row.payload as never,
    ...(row.trace_context ? { traceparent: row.trace_context } : {}),
  };
}

const committedEnvelope = (e: CommittedEvent): EventEnvelope =>
  envelopeOf({
    id: e.id,
    type: e.type,
    aggregate_type: e.aggregateType,
    aggregate_id: e.aggregateId,
    payload: e.payload as Record<string, unknown>,
    occurred_at: e.occurredAt,
    trace_context: e.traceparent ?? null,
  });

/** The job id of an event's first delivery to a consumer (BullMQ ids may not contain ':'). */
export const deliveryJobId = (consumer: string, eventId: string): string => `${consumer}-${eventId}`;

/**
 * Publishes committed outbox rows as BullMQ jobs, one per subscribed
 * consumer, with jobId `<consumer>-<eventId>`. Publishing is the fast path,
 * not the guarantee: what a consumer has not recorded is re-driven
 * (redrive.service.ts). Rows are claimed with FOR UPDATE SKIP LOCKED so
 * several instances can relay side by side.
 */
@Injectable()
export class OutboxRelay implements OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private stopped = false;
  private readonly committed: CommittedEvent[] = [];
  /** Deliveries an inline run took (inlineKey): their jobs are queued delayed, as the safety net. */
  private readonly takenInline = new Set<string>();
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: QueueService,
    private readonly subscriptions: EventSubscriptions,
    private readonly outbox: OutboxRepository,
    private readonly inline: InlineConsumers,
  ) {}

  /**
   * Called after a commit with the events that transaction wrote: enqueues
   * them and marks them published, without a transaction or reading the
   * rows back. Commits that land while a publish is in flight are coalesced
   * into the next one. If it fails (Redis away, crash), the rows stay
   * unpublished and the sweeper publishes them. A race with the sweeper can
   * at worst enqueue an event twice, which consumers absorb.
   */
  publishCommitted(events: readonly CommittedEvent[]): void {
    if (this.stopped || events.length === 0) return;
    for (const key of this.inline.run(events.map(committedEnvelope))) this.takenInline.add(key);
    this.committed.push(...events);
    if (this.flushing) return;
    this.flushing = this.flushCommitted().finally(() => {
      this.flushing = null;
    });
  }

  private async flushCommitted(): Promise<void> {
    while (this.committed.length > 0 && !this.stopped) {
      const events = this.committed.splice(0, BATCH);
      try {
        const deferred = new Set<string>();
        for (const e of events)
          for (const sub of this.subscriptions.of(e.type)) {
            const key = inlineKey(sub.consumer, e.id);
            if (this.takenInline.delete(key)) deferred.add(key);
          }
        const owed = new Map(events.filter((e) => e.consumers).map((e) => [e.id, new Set(e.consumers)]));
        await this.enqueue(events.map(committedEnvelope), deferred, owed);
        await this.outbox.markPublished(events.map((e) => e.id));
      } catch (err) {
        this.logger.warn({ err }, 'Outbox publish failed; the sweeper will retry');
      }
    }
  }

  /** Waits for the publish in flight, if any (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /** The scheduled outbox-sweep job. */
  @HandlesCommand('outbox-sweep')
  sweepJob(): Promise<number> {
    return this.sweep();
  }

  /** The sweeper's entry: rows still unpublished after `olderThanMs`. */
  async sweep(olderThanMs = 2000): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.publishBatch(olderThanMs);
      total += n;
      if (n < BATCH) return total;
    }
  }

  private async publishBatch(olderThanMs: number): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await this.outbox.claimUnpublished(manager, olderThanMs, BATCH);
      if (rows.length === 0) return 0;
      await this.enqueue(rows.map(envelopeOf));
      await this.outbox.markPublished(
        rows.map((r) => r.id),
        manager,
      );
      return rows.length;
    });
  }

  /**
   * One job per subscribed consumer, jobId `<consumer>-<eventId>`, one addBulk per queue; only for the consumers
   * owed a delivery when the commit said which (`owed`). The sweeper does not know: a job without its delivery row
   * finds nothing to settle and does nothing.
   */
  private async enqueue(
    envelopes: readonly EventEnvelope[],
    takenInline: ReadonlySet<string> = new Set(),
    owed: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
  ): Promise<void> {
    const byQueue = new Map<QueueName, Array<{ name: string; data: EventEnvelope; opts: JobsOptions }>>();
    for (const envelope of envelopes) {
      const data = { ...envelope, origin: this.queues.origin };
      const only = owed.get(envelope.id);
      for (const sub of this.subscriptions.of(envelope.type)) {
        if (only && !only.has(sub.consumer)) continue;
        const jobs = byQueue.get(sub.queue) ?? [];
        const opts: JobsOptions = { jobId: deliveryJobId(sub.consumer, envelope.id), ...(sub.priority ? { priority: sub.priority } : {}) };
        if (takenInline.has(inlineKey(sub.consumer, envelope.id))) opts.delay = INLINE_JOB_DELAY_MS;
        jobs.push({ name: sub.consumer, data, opts });
        byQueue.set(sub.queue, jobs);
      }
    }
    await Promise.all([...byQueue].map(([queue, jobs]) => this.queues.queue(queue).addBulk(jobs)));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.idle().catch(() => undefined);
  }
}
