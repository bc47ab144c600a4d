import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { queryRows, typedExecute, typedOne, typedRows } from '../database/sql.repository';
import type { EventType } from './event-catalogue';
import type { Subscription } from './event-subscriptions';
import type {
  IClaimUnpublishedQuery,
  IClaimUnpublishedResult,
  IEventExistsQuery,
  IEventsByIdsQuery,
  IMarkPublishedQuery,
  IUnpublishedStatsQuery,
  INewestEventsQuery,
} from './outbox.repository.types';

/** An outbox row as the relay publishes it: the generated row with its type narrowed to the catalogue's and its payload an object. */
export type OutboxRow = Omit<IClaimUnpublishedResult, 'type' | 'payload'> & {
  type: EventType;
  payload: Record<string, unknown>;
};

export interface NewOutboxEvent {
  id: string;
  type: EventType;
  aggregateType: string;
  aggregateId: string;
  /** JSON text of the payload. */
  payload: string;
  /** W3C traceparent of the span writing it, if traced. */
  traceparent?: string;
}

/** A data-modifying statement to run in the same statement as the event (`WITH work AS (...)`). */
export interface StatementBefore {
  sql: string;
  params: unknown[];
  /** Write the event only when the statement returned rows (an insert that did not conflict); it must have RETURNING. */
  onlyIfRows?: boolean;
}

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes outbox.repository.types.ts).
 * insert() is built at run time around the caller's StatementBefore (its parameters shift the event's) and stays hand-typed.
 */
const claimUnpublished = sql<IClaimUnpublishedQuery>`
  SELECT id, type, aggregate_type, aggregate_id, payload, occurred_at, trace_context
    FROM outbox_events
   WHERE published_at IS NULL AND occurred_at <= clock_timestamp() - make_interval(secs => $olderThanMs!::double precision / 1000)
   ORDER BY occurred_at
   LIMIT $limit!
     FOR UPDATE SKIP LOCKED`;
const markPublished = sql<IMarkPublishedQuery>`UPDATE outbox_events SET published_at = clock_timestamp() WHERE id = ANY($ids!::uuid[]) AND published_at IS NULL`;
const unpublishedStats = sql<IUnpublishedStatsQuery>`
  SELECT count(*)::int AS "count!", COALESCE(EXTRACT(EPOCH FROM clock_timestamp() - min(occurred_at)), 0)::float8 AS "oldestSeconds!"
  FROM outbox_events WHERE published_at IS NULL`;
const eventExists = sql<IEventExistsQuery>`
  SELECT 1 AS found FROM outbox_events WHERE aggregate_type = $aggregateType! AND aggregate_id = $aggregateId! AND type = $type! LIMIT 1`;
const newestEvents = sql<INewestEventsQuery>`
  SELECT id, type, payload, occurred_at FROM outbox_events WHERE type = ANY($types!::text[]) ORDER BY occurred_at DESC LIMIT $limit!`;
const eventsByIds = sql<IEventsByIdsQuery>`
  SELECT id, type, aggregate_type, aggregate_id, payload, occurred_at, published_at, trace_context FROM outbox_events WHERE id = ANY($ids!::uuid[])`;

/** A generated row whose type is one of the catalogue's (the only types the outbox is written with). */
const asEvents = <T extends { type: string }>(rows: T[]) => rows as Array<Omit<T, 'type'> & { type: EventType }>;

/**
 * The outbox table and the deliveries each event owes its consumers
 * (event_deliveries), always written together in one statement: an event
 * cannot exist without the record of who still has to receive it.
 */
@Injectable()
export class OutboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Inserts the event and one pending delivery per subscriber (a subscriber
   * with a condition only when it holds); with `before`, that statement runs
   * first in the same SQL statement. Answers the event's timestamp, or null
   * when `onlyIfRows` held it back, how many rows `before` returned, and,
   * when some subscriber has a condition, the consumers owed a delivery
   * (null: every subscriber).
   */
  async insert(
    manager: EntityManager,
    event: NewOutboxEvent,
    subscribers: readonly Subscription[],
    graceSeconds: number,
    before?: StatementBefore,
  ): Promise<{ occurredAt: Date | null; beforeRows: number; owed: string[] | null }> {
    const n = before?.params.length ?? 0;
    const p = (i: number) => `$${n + i}`;
    const gate = before?.onlyIfRows ? 'WHERE EXISTS (SELECT 1 FROM work)' : '';
    const always = subscribers.filter((s) => !s.owedWhen);
    const conditional = subscribers.filter((s) => s.owedWhen);
    const checkAt = `ev.occurred_at + make_interval(secs => ${p(8)}::double precision)`;
    // Each conditional subscriber: its consumer and queue as parameters 10, 11, then 12, 13, ...
    const conditionalRows = conditional.map(
      (s, i) =>
        `UNION ALL SELECT ${p(10 + 2 * i)}::text, ev.id, ${p(11 + 2 * i)}::text, ${p(10 + 2 * i)}::text || '-' || ev.id, ${checkAt} FROM ev WHERE ${s.owedWhen}`,
    );
    const text = `
      WITH ${before ? `work AS (${before.sql}),` : ''}
      ev AS (
        INSERT INTO outbox_events (id, type, aggregate_type, aggregate_id, payload, occurred_at, trace_context)
        SELECT ${p(1)}::uuid, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}::jsonb, clock_timestamp(), ${p(9)}::text ${gate}
        RETURNING id, occurred_at, type, aggregate_type, aggregate_id, payload
      ),
      owed AS (
        INSERT INTO event_deliveries (consumer, event_id, queue, job_id, check_at)
        SELECT c.consumer, ev.id, c.queue, c.consumer || '-' || ev.id, ${checkAt}
          FROM ev, unnest(${p(6)}::text[], ${p(7)}::text[]) AS c(consumer, queue)
        ${conditionalRows.join('\n        ')}
        RETURNING consumer
      )
      SELECT (SELECT occurred_at FROM ev) AS occurred_at, ${before?.onlyIfRows ? '(SELECT count(*) FROM work)' : '0'}::int AS before_rows,
             ${conditional.length > 0 ? "(SELECT coalesce(array_agg(consumer), '{}') FROM owed)" : 'NULL::text[]'} AS owed`;
    const rows = await queryRows<{ occurred_at: Date | null; before_rows: number; owed: string[] | null }>(manager, text, [
      ...(before?.params ?? []),
      event.id,
      event.type,
      event.aggregateType,
      event.aggregateId,
      event.payload,
      always.map((s) => s.consumer),
      always.map((s) => s.queue),
      graceSeconds,
      event.traceparent ?? null,
      ...conditional.flatMap((s) => [s.consumer, s.queue]),
    ]);
    return {
      occurredAt: rows[0].occurred_at ? new Date(rows[0].occurred_at) : null,
      beforeRows: rows[0].before_rows,
      owed: rows[0].occurred_at ? rows[0].owed : null,
    };
  }

  /** Unpublished rows older than `olderThanMs`, locked (SKIP LOCKED) for the caller's transaction. */
  async claimUnpublished(manager: EntityManager, olderThanMs: number, limit: number): Promise<OutboxRow[]> {
    return (await typedRows(manager, claimUnpublished, { olderThanMs, limit })) as OutboxRow[];
  }

  async markPublished(ids: readonly string[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    await typedExecute(manager, markPublished, { ids: [...ids] });
  }

  /** Whether the event log holds an event of this type for this aggregate. */
  async exists(manager: EntityManager, event: { aggregateType: string; aggregateId: string; type: EventType }): Promise<boolean> {
    const rows = await typedRows(manager, eventExists, { aggregateType: event.aggregateType, aggregateId: event.aggregateId, type: event.type });
    return rows.length > 0;
  }

  /** The newest events of some types, newest first (through the log's time index). */
  async newest(types: readonly EventType[], limit: number): Promise<Array<{ id: string; type: EventType; payload: unknown; occurred_at: Date }>> {
    return asEvents(await typedRows(this.dataSource.manager, newestEvents, { types: [...types], limit }));
  }

  async findByIds(ids: readonly string[]): Promise<Array<OutboxRow & { published_at: Date | null }>> {
    return (await typedRows(this.dataSource.manager, eventsByIds, { ids: [...ids] })) as Array<OutboxRow & { published_at: Date | null }>;
  }

  /** Rows not yet published and the age of the oldest (the metrics' outbox gauges; through the partial unpublished index). */
  async unpublishedStats(): Promise<{ count: number; oldestSeconds: number }> {
    return (await typedOne(this.dataSource.manager, unpublishedStats, undefined))!;
  }
}
