import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { JobsOptions } from 'bullmq';
import { DataSource } from 'typeorm';
import { QueueService } from '../queue/queue.service';
import type { QueueName } from '../queue/queue-names';
import type { EventEnvelope, EventType } from './event-catalogue';
import { EventSubscriptions } from './event-subscriptions';

/** An outbox row its own process just committed: published straight away, without reading it back. */
export interface CommittedEvent {
  id: string;
  type: EventType;
  aggregateType: string;
  aggregateId: string;
  payload: unknown;
  occurredAt: Date;
}

interface OutboxRow {
  id: string;
  type: string;
  aggregate_type: string;
  aggregate_id: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
}

const BATCH = 200;

/**
 * Publishes committed outbox rows as BullMQ jobs, one per subscribed
 * consumer, with jobId `<consumer>-<eventId>`. Rows are claimed with
 * FOR UPDATE SKIP LOCKED so several API and worker instances can relay
 * side by side without publishing the same row concurrently.
 */
@Injectable()
export class OutboxRelay implements OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly committed: CommittedEvent[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: QueueService,
    private readonly subscriptions: EventSubscriptions,
  ) {}

  /** Called after a commit: publish now, coalescing bursts into one drain. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.logger.warn({ err }, 'Outbox publish failed; the sweeper will retry'))
      .finally(() => {
        this.running = null;
      });
  }

  /**
   * Called after a commit with the events that transaction wrote: enqueues
   * them and marks them published in one statement, without a transaction
   * or reading the rows back (2 round trips instead of BEGIN, SELECT ... FOR
   * UPDATE, UPDATE, COMMIT and the Redis call). Commits that land while a
   * publish is in flight are coalesced into the next one. If it fails (Redis
   * away, crash), the rows stay unpublished and the sweeper publishes them.
   * A race with the sweeper can at worst enqueue an event twice, which
   * consumers already absorb (jobId, processed_events): at-least-once.
   */
  publishCommitted(events: readonly CommittedEvent[]): void {
    if (this.stopped || events.length === 0) return;
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
        await this.enqueue(
          events.map((e) => ({
            id: e.id,
            type: e.type,
            occurredAt: e.occurredAt.toISOString(),
            aggregateType: e.aggregateType,
            aggregateId: e.aggregateId,
            payload: e.payload as never,
          })),
        );
        await this.dataSource.query(`UPDATE outbox_events SET published_at = clock_timestamp() WHERE id = ANY($1::uuid[]) AND published_at IS NULL`, [
          events.map((e) => e.id),
        ]);
      } catch (err) {
        this.logger.warn({ err }, 'Outbox publish failed; the sweeper will retry');
      }
    }
  }

  /** Waits for the publish in flight, if any (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running || this.flushing) await (this.running ?? this.flushing);
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

  private async drain(): Promise<void> {
    do {
      this.again = false;
      while ((await this.publishBatch(0)) === BATCH) {
        /* keep draining */
      }
    } while (this.again && !this.stopped);
  }

  private async publishBatch(olderThanMs: number): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, type, aggregate_type, aggregate_id, payload, occurred_at
           FROM outbox_events
          WHERE published_at IS NULL AND occurred_at <= clock_timestamp() - make_interval(secs => $1::double precision / 1000)
          ORDER BY occurred_at
          LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED`,
        [olderThanMs],
      );
      if (rows.length === 0) return 0;

      await this.enqueue(
        rows.map((row) => ({
          id: row.id,
          type: row.type as EventType,
          occurredAt: new Date(row.occurred_at).toISOString(),
          aggregateType: row.aggregate_type,
          aggregateId: row.aggregate_id,
          payload: row.payload as never,
        })),
      );
      await manager.query(`UPDATE outbox_events SET published_at = clock_timestamp() WHERE id = ANY($1::uuid[])`, [rows.map((r) => r.id)]);
      return rows.length;
    });
  }

  /** One job per subscribed consumer, jobId `<consumer>-<eventId>`, one addBulk per queue. */
  private async enqueue(envelopes: readonly EventEnvelope[]): Promise<void> {
    const byQueue = new Map<QueueName, Array<{ name: string; data: EventEnvelope; opts: JobsOptions }>>();
    for (const envelope of envelopes) {
      for (const sub of this.subscriptions.of(envelope.type)) {
        const jobs = byQueue.get(sub.queue) ?? [];
        jobs.push({ name: sub.consumer, data: envelope, opts: { jobId: `${sub.consumer}-${envelope.id}` } });
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
