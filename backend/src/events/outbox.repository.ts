import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { execute, queryRows } from '../database/sql.repository';
import type { EventType } from './event-catalogue';
import type { Subscription } from './event-subscriptions';

/** An outbox row as the relay publishes it. */
export interface OutboxRow {
  id: string;
  type: EventType;
  aggregate_type: string;
  aggregate_id: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
}

export interface NewOutboxEvent {
  id: string;
  type: EventType;
  aggregateType: string;
  aggregateId: string;
  /** JSON text of the payload. */
  payload: string;
}

/** A data-modifying statement to run in the same statement as the event (`WITH work AS (...)`). */
export interface StatementBefore {
  sql: string;
  params: unknown[];
  /** Write the event only when the statement returned rows (an insert that did not conflict); it must have RETURNING. */
  onlyIfRows?: boolean;
}

/**
 * The outbox table and the deliveries each event owes its consumers
 * (event_deliveries), always written together in one statement: an event
 * cannot exist without the record of who still has to receive it.
 */
@Injectable()
export class OutboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Inserts the event and one pending delivery per subscriber; with `before`,
   * that statement runs first in the same SQL statement. Answers the event's
   * timestamp, or null when `onlyIfRows` held it back, and how many rows
   * `before` returned.
   */
  async insert(
    manager: EntityManager,
    event: NewOutboxEvent,
    subscribers: readonly Subscription[],
    graceSeconds: number,
    before?: StatementBefore,
  ): Promise<{ occurredAt: Date | null; beforeRows: number }> {
    const n = before?.params.length ?? 0;
    const p = (i: number) => `$${n + i}`;
    const gate = before?.onlyIfRows ? 'WHERE EXISTS (SELECT 1 FROM work)' : '';
    const sql = `
      WITH ${before ? `work AS (${before.sql}),` : ''}
      ev AS (
        INSERT INTO outbox_events (id, type, aggregate_type, aggregate_id, payload, occurred_at)
        SELECT ${p(1)}::uuid, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}::jsonb, clock_timestamp() ${gate}
        RETURNING id, occurred_at
      ),
      owed AS (
        INSERT INTO event_deliveries (consumer, event_id, queue, job_id, check_at)
        SELECT c.consumer, ev.id, c.queue, c.consumer || '-' || ev.id, ev.occurred_at + make_interval(secs => ${p(8)}::double precision)
          FROM ev, unnest(${p(6)}::text[], ${p(7)}::text[]) AS c(consumer, queue)
      )
      SELECT (SELECT occurred_at FROM ev) AS occurred_at, ${before?.onlyIfRows ? '(SELECT count(*) FROM work)' : '0'}::int AS before_rows`;
    const rows = await queryRows<{ occurred_at: Date | null; before_rows: number }>(manager, sql, [
      ...(before?.params ?? []),
      event.id,
      event.type,
      event.aggregateType,
      event.aggregateId,
      event.payload,
      subscribers.map((s) => s.consumer),
      subscribers.map((s) => s.queue),
      graceSeconds,
    ]);
    return { occurredAt: rows[0].occurred_at ? new Date(rows[0].occurred_at) : null, beforeRows: rows[0].before_rows };
  }

  /** Unpublished rows older than `olderThanMs`, locked (SKIP LOCKED) for the caller's transaction. */
  claimUnpublished(manager: EntityManager, olderThanMs: number, limit: number): Promise<OutboxRow[]> {
    return queryRows(
      manager,
      `SELECT id, type, aggregate_type, aggregate_id, payload, occurred_at
         FROM outbox_events
        WHERE published_at IS NULL AND occurred_at <= clock_timestamp() - make_interval(secs => $1::double precision / 1000)
        ORDER BY occurred_at
        LIMIT $2
          FOR UPDATE SKIP LOCKED`,
      [olderThanMs, limit],
    );
  }

  async markPublished(ids: readonly string[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    await execute(manager, `UPDATE outbox_events SET published_at = clock_timestamp() WHERE id = ANY($1::uuid[]) AND published_at IS NULL`, [ids]);
  }

  /** Whether the event log holds an event of this type for this aggregate. */
  async exists(manager: EntityManager, event: { aggregateType: string; aggregateId: string; type: EventType }): Promise<boolean> {
    const rows = await queryRows(manager, `SELECT 1 FROM outbox_events WHERE aggregate_type = $1 AND aggregate_id = $2 AND type = $3 LIMIT 1`, [
      event.aggregateType,
      event.aggregateId,
      event.type,
    ]);
    return rows.length > 0;
  }

  /** The newest events of some types, newest first (through the log's time index). */
  newest(types: readonly EventType[], limit: number): Promise<Array<{ id: string; type: EventType; payload: unknown; occurred_at: Date }>> {
    return queryRows(
      this.dataSource.manager,
      `SELECT id, type, payload, occurred_at FROM outbox_events WHERE type = ANY($1::text[]) ORDER BY occurred_at DESC LIMIT $2`,
      [types, limit],
    );
  }

  findByIds(ids: readonly string[]): Promise<Array<OutboxRow & { published_at: Date | null }>> {
    return queryRows(
      this.dataSource.manager,
      `SELECT id, type, aggregate_type, aggregate_id, payload, occurred_at, published_at FROM outbox_events WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  }
}
