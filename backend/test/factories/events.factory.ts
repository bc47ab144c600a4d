import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { EventEnvelope, EventPayloads, EventType } from '../../src/events/event-catalogue';

/**
 * Writes a domain event straight into the event log, as if it had happened
 * at `at` (history for analytics tests), already published so the relay
 * leaves it alone: the test decides how it is delivered.
 */
export async function logEvent<T extends EventType>(
  db: DataSource,
  type: T,
  payload: EventPayloads[T],
  at: Date,
  aggregate: { type: string; id: string } | null = null,
): Promise<EventEnvelope<T>> {
  const id = randomUUID();
  const aggregateType = aggregate?.type ?? 'test';
  const aggregateId = aggregate?.id ?? id;
  await db.query(
    `INSERT INTO outbox_events (id, type, aggregate_type, aggregate_id, payload, occurred_at, published_at) VALUES ($1::uuid, $2, $5, $6, $3, $4, now())`,
    [id, type, JSON.stringify(payload), at, aggregateType, aggregateId],
  );
  return { id, type, occurredAt: at.toISOString(), aggregateType, aggregateId, payload };
}

export const daysAgo = (days: number, hour = 12): Date => {
  const d = new Date();
  d.setUTCHours(hour, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() - days);
  return d;
};

/** An outbox_events row (`SELECT *`) as the envelope its consumers receive: for delivering a logged event again. */
export function envelopeOf<T extends EventType>(row: {
  id: string;
  type: T;
  occurred_at: Date | string;
  aggregate_type: string;
  aggregate_id: string;
  payload: EventPayloads[T];
}): EventEnvelope<T> {
  return {
    id: row.id,
    type: row.type,
    occurredAt: new Date(row.occurred_at).toISOString(),
    aggregateType: row.aggregate_type,
    aggregateId: row.aggregate_id,
    payload: row.payload,
  };
}
