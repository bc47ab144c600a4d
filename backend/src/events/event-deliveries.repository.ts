import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { queryOne, queryRows, typedExecute, typedOne, typedRows } from '../database/sql.repository';
import type { EventType } from './event-catalogue';
import type {
  IBackfillDeliveriesQuery,
  IDeliveryCountsQuery,
  IOpenDeliveriesByQueueQuery,
  IEnsureOwedQuery,
  ILeaseDueDeliveriesQuery,
  ILeaseDueDeliveriesResult,
  IMarkDeliveryDeadQuery,
  ICheckDeliveryNowQuery,
  IPostponeDeliveryQuery,
  IRedriveDeliveryQuery,
  ISettleDeliveryQuery,
} from './event-deliveries.repository.types';

/** A delivery an event still owes one consumer. */
export interface DeliveryRow {
  consumer: string;
  event_id: string;
  queue: string;
  job_id: string;
  created_at: Date;
  checks: number;
  redrives: number;
  last_error: string | null;
  dead_at: Date | null;
}

/**
 * A due delivery with what the re-drive needs to enqueue it again: the generated row (the delivery's columns
 * and its event's) with the event's type narrowed to the catalogue's and its payload an object.
 */
export type DueDelivery = Omit<ILeaseDueDeliveriesResult, 'type' | 'payload'> & {
  type: EventType;
  payload: Record<string, unknown>;
};

export interface DeadLetterFilter {
  consumer?: string;
  queue?: string;
  keys?: Array<{ consumer: string; eventId: string }>;
}

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes event-deliveries.repository.types.ts).
 * The dead-letter list and revive are built at run time (their filter) and stay hand-typed.
 * postpone, redriven and markDead touch the delivery only unless a transaction holds it (a consumer settling it):
 * their `free` subquery, FOR UPDATE SKIP LOCKED.
 */
const settleDelivery = sql<ISettleDeliveryQuery>`
  WITH settled AS (DELETE FROM event_deliveries WHERE consumer = $consumer! AND event_id = $eventId!)
  INSERT INTO processed_events (consumer, event_id) VALUES ($consumer!, $eventId!) ON CONFLICT DO NOTHING RETURNING event_id`;
const leaseDueDeliveries = sql<ILeaseDueDeliveriesQuery>`
  WITH due AS (
    SELECT consumer, event_id FROM event_deliveries
     WHERE dead_at IS NULL AND check_at <= clock_timestamp()
     ORDER BY check_at
     LIMIT $limit!
       FOR UPDATE SKIP LOCKED
  ), leased AS (
    UPDATE event_deliveries d SET check_at = clock_timestamp() + make_interval(secs => $leaseSeconds!::double precision)
      FROM due WHERE d.consumer = due.consumer AND d.event_id = due.event_id
    RETURNING d.*
  )
  SELECT leased.*, o.type, o.aggregate_type, o.aggregate_id, o.payload, o.occurred_at, o.published_at
    FROM leased JOIN outbox_events o ON o.id = leased.event_id`;
const checkDeliveryNow = sql<ICheckDeliveryNowQuery>`
  UPDATE event_deliveries d SET check_at = clock_timestamp()
    FROM (SELECT consumer, event_id FROM event_deliveries WHERE consumer = $consumer! AND event_id = $eventId! FOR UPDATE SKIP LOCKED) free
   WHERE d.consumer = free.consumer AND d.event_id = free.event_id AND d.dead_at IS NULL`;
const postponeDelivery = sql<IPostponeDeliveryQuery>`
  UPDATE event_deliveries d SET checks = $checks!, check_at = clock_timestamp() + make_interval(secs => $afterSeconds!::double precision)
    FROM (SELECT consumer, event_id FROM event_deliveries WHERE consumer = $consumer! AND event_id = $eventId! FOR UPDATE SKIP LOCKED) free
   WHERE d.consumer = free.consumer AND d.event_id = free.event_id`;
const redriveDelivery = sql<IRedriveDeliveryQuery>`
  UPDATE event_deliveries d SET job_id = $jobId!, redrives = redrives + 1, checks = 0, last_error = $reason!,
         check_at = clock_timestamp() + make_interval(secs => $afterSeconds!::double precision)
    FROM (SELECT consumer, event_id FROM event_deliveries WHERE consumer = $consumer! AND event_id = $eventId! FOR UPDATE SKIP LOCKED) free
   WHERE d.consumer = free.consumer AND d.event_id = free.event_id`;
const markDeliveryDead = sql<IMarkDeliveryDeadQuery>`
  UPDATE event_deliveries d SET dead_at = clock_timestamp(), last_error = $error!
    FROM (SELECT consumer, event_id FROM event_deliveries WHERE consumer = $consumer! AND event_id = $eventId! FOR UPDATE SKIP LOCKED) free
   WHERE d.consumer = free.consumer AND d.event_id = free.event_id AND d.dead_at IS NULL RETURNING d.event_id`;
const ensureOwed = sql<IEnsureOwedQuery>`
  INSERT INTO event_deliveries (consumer, event_id, queue, job_id, check_at)
  SELECT $consumer!::text, id, $queue!, $consumer!::text || '-' || id::text, clock_timestamp() FROM unnest($eventIds!::uuid[]) AS id
   WHERE NOT EXISTS (SELECT 1 FROM processed_events p WHERE p.consumer = $consumer! AND p.event_id = id)
  ON CONFLICT (consumer, event_id) DO UPDATE SET check_at = LEAST(event_deliveries.check_at, EXCLUDED.check_at)
  RETURNING event_id`;
const backfillDeliveries = sql<IBackfillDeliveriesQuery>`
  INSERT INTO event_deliveries (consumer, event_id, queue, job_id, check_at)
  SELECT $consumer!::text, o.id, $queue!, $consumer!::text || '-' || o.id::text, clock_timestamp()
    FROM outbox_events o
   WHERE o.type = ANY($types!::text[])
     AND o.occurred_at > now() - make_interval(days => $days!)
     AND o.occurred_at < now() - make_interval(secs => $graceSeconds!::double precision)
     AND NOT EXISTS (SELECT 1 FROM processed_events p WHERE p.consumer = $consumer! AND p.event_id = o.id)
  ON CONFLICT (consumer, event_id) DO NOTHING
  RETURNING event_id`;
const openDeliveriesByQueue = sql<IOpenDeliveriesByQueueQuery>`
  SELECT queue AS "queue!", count(*) FILTER (WHERE dead_at IS NULL)::int AS "pending!", count(*) FILTER (WHERE dead_at IS NOT NULL)::int AS "dead!",
         extract(epoch FROM clock_timestamp() - min(created_at) FILTER (WHERE dead_at IS NULL))::int AS oldest
    FROM event_deliveries GROUP BY queue`;
const deliveryCounts = sql<IDeliveryCountsQuery>`
  SELECT count(*) FILTER (WHERE dead_at IS NULL)::int AS "pending!", count(*) FILTER (WHERE dead_at IS NOT NULL)::int AS "dead!",
         extract(epoch FROM now() - min(created_at) FILTER (WHERE dead_at IS NULL))::int AS oldest
    FROM event_deliveries`;

/**
 * event_deliveries: what each consumer still owes. A row is written with its
 * event (outbox.repository.ts) and deleted in the consumer's own transaction
 * together with its processed_events marker, so the set of rows is exactly
 * the undelivered work, and the re-drive scans only that.
 */
@Injectable()
export class EventDeliveriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The consumer's record that it has the event: marker in, delivery out. Answers whether this call made the marker. */
  async settle(manager: EntityManager, consumer: string, eventId: string): Promise<boolean> {
    const rows = await typedRows(manager, settleDelivery, { consumer, eventId });
    return rows.length === 1;
  }

  /**
   * Leases up to `limit` due deliveries (pushes their next check `leaseSeconds`
   * out, so a second sweeper skips them) and answers them with their event.
   */
  async leaseDue(limit: number, leaseSeconds: number): Promise<DueDelivery[]> {
    return (await typedRows(this.dataSource.manager, leaseDueDeliveries, { limit, leaseSeconds })) as DueDelivery[];
  }

  /**
   * The job is alive (waiting, running or retrying): look again later. The
   * re-drive's bookkeeping below never waits on a delivery row: a locked one
   * is being settled by its consumer right now (whose transaction may wait on
   * a busy payment), so it is left as leased and the consumer's commit
   * removes it; a sweep that waited would pile up sessions behind it.
   */
  async postpone(consumer: string, eventId: string, checks: number, afterSeconds: number): Promise<void> {
    await typedExecute(this.dataSource.manager, postponeDelivery, { consumer, eventId, checks, afterSeconds });
  }

  /** Its job stalled out (BullMQ gave up on it): the next sweep looks at it, not the one after its back-off. */
  async checkNow(consumer: string, eventId: string): Promise<void> {
    await typedExecute(this.dataSource.manager, checkDeliveryNow, { consumer, eventId });
  }

  /** Enqueued again under a new job id. */
  async redriven(consumer: string, eventId: string, jobId: string, afterSeconds: number, reason: string): Promise<void> {
    await typedExecute(this.dataSource.manager, redriveDelivery, { consumer, eventId, jobId, afterSeconds, reason });
  }

  /** A dead letter: nobody retries it until an admin does. Answers whether this call marked it (not when a consumer is settling it). */
  async markDead(consumer: string, eventId: string, error: string): Promise<boolean> {
    const rows = await typedRows(this.dataSource.manager, markDeliveryDead, { consumer, eventId, error: error.slice(0, 2000) });
    return rows.length === 1;
  }

  /** Makes sure each given event is owed to the consumer (used when a check finds an event nobody recorded). */
  async ensureOwed(consumer: string, queue: string, eventIds: readonly string[]): Promise<number> {
    if (eventIds.length === 0) return 0;
    const rows = await typedRows(this.dataSource.manager, ensureOwed, { consumer, queue, eventIds: [...eventIds] });
    return rows.length;
  }

  /**
   * Deliveries owed by events written before deliveries were recorded (an
   * upgrade): events of the last `days` with no marker of this consumer.
   */
  async backfill(consumer: string, queue: string, types: readonly string[], days: number, graceSeconds: number): Promise<number> {
    const rows = await typedRows(this.dataSource.manager, backfillDeliveries, { consumer, queue, types: [...types], days, graceSeconds });
    return rows.length;
  }

  /** Deliveries still owed and dead, per queue, with the age of the oldest owed (the metrics and the console's system status). */
  async openByQueue(): Promise<Array<{ queue: string; pending: number; dead: number; oldest: number | null }>> {
    return typedRows(this.dataSource.manager, openDeliveriesByQueue, undefined);
  }

  async counts(): Promise<{ pending: number; dead: number; oldestPendingSeconds: number | null }> {
    const row = (await typedOne(this.dataSource.manager, deliveryCounts, undefined))!;
    return { pending: row.pending, dead: row.dead, oldestPendingSeconds: row.oldest };
  }

  private deadWhere(filter: DeadLetterFilter): { sql: string; params: unknown[] } {
    const clauses = ['d.dead_at IS NOT NULL'];
    const params: unknown[] = [];
    if (filter.consumer) clauses.push(`d.consumer = $${params.push(filter.consumer)}`);
    if (filter.queue) clauses.push(`d.queue = $${params.push(filter.queue)}`);
    if (filter.keys) {
      clauses.push(
        `(d.consumer, d.event_id) IN (SELECT * FROM unnest($${params.push(filter.keys.map((k) => k.consumer))}::text[], $${params.push(filter.keys.map((k) => k.eventId))}::uuid[]))`,
      );
    }
    return { sql: `WHERE ${clauses.join(' AND ')}`, params };
  }

  async listDead(
    filter: DeadLetterFilter,
    skip: number,
    take: number,
  ): Promise<{ rows: Array<DeliveryRow & { type: string; occurred_at: Date }>; total: number }> {
    const where = this.deadWhere(filter);
    const count = await queryOne<{ total: number }>(
      this.dataSource.manager,
      `SELECT count(*)::int AS total FROM event_deliveries d ${where.sql}`,
      where.params,
    );
    const rows = await queryRows<DeliveryRow & { type: string; occurred_at: Date }>(
      this.dataSource.manager,
      `SELECT d.*, o.type, o.occurred_at FROM event_deliveries d JOIN outbox_events o ON o.id = d.event_id ${where.sql}
        ORDER BY d.dead_at DESC, d.event_id OFFSET ${Number(skip)} LIMIT ${Number(take)}`,
      where.params,
    );
    return { rows, total: count?.total ?? 0 };
  }

  /** Brings dead letters back to life: due now, with a fresh allowance of re-drives. Answers the revived rows. */
  async revive(filter: DeadLetterFilter): Promise<Array<{ consumer: string; event_id: string }>> {
    const where = this.deadWhere(filter);
    return queryRows(
      this.dataSource.manager,
      `UPDATE event_deliveries d SET dead_at = NULL, redrives = 0, checks = 0, job_id = '', check_at = clock_timestamp() ${where.sql} RETURNING d.consumer, d.event_id`,
      where.params,
    );
  }
}
