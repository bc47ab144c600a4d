import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import type { EventAggregate, EventPayloads, EventType } from './event-catalogue';
import { OutboxRelay, type CommittedEvent } from './outbox-relay.service';

export interface Tx {
  manager: EntityManager;
  /** Records a domain event in the same transaction as the change it describes. */
  emit<T extends EventType>(type: T, aggregate: EventAggregate, payload: EventPayloads[T]): Promise<string>;
}

export async function appendEvent<T extends EventType>(
  manager: EntityManager,
  type: T,
  aggregate: EventAggregate,
  payload: EventPayloads[T],
): Promise<string> {
  return (await insertEvent(manager, type, aggregate, payload)).id;
}

/**
 * Inserts one outbox row; with `before` (a data-modifying statement and its
 * parameters) both run as one statement, `WITH work AS (before) INSERT ...`,
 * atomic on its own.
 */
async function insertEvent<T extends EventType>(
  manager: EntityManager,
  type: T,
  aggregate: EventAggregate,
  payload: EventPayloads[T],
  before?: { sql: string; params: unknown[] },
): Promise<CommittedEvent> {
  const id = randomUUID();
  const json = JSON.stringify(payload);
  const n = before?.params.length ?? 0;
  const insert = `INSERT INTO outbox_events (id, type, aggregate_type, aggregate_id, payload, occurred_at) VALUES ($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, clock_timestamp()) RETURNING occurred_at`;
  const rows: Array<{ occurred_at: Date }> = await manager.query(before ? `WITH work AS (${before.sql}) ${insert}` : insert, [
    ...(before?.params ?? []),
    id,
    type,
    aggregate.type,
    String(aggregate.id),
    json,
  ]);
  return { id, type, aggregateType: aggregate.type, aggregateId: String(aggregate.id), payload: JSON.parse(json), occurredAt: new Date(rows[0].occurred_at) };
}

/**
 * Runs business work in one transaction together with its outbox rows, and
 * after commit hands them to the relay to publish at once. If that publish fails
 * (Redis away, crash), the sweeper publishes them later: nothing is lost.
 */
@Injectable()
export class TransactionRunner {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
  ) {}

  async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const emitted: CommittedEvent[] = [];
    const result = await this.dataSource.transaction(async (manager) =>
      work({
        manager,
        emit: async (type, aggregate, payload) => {
          const event = await insertEvent(manager, type, aggregate, payload);
          emitted.push(event);
          return event.id;
        },
      }),
    );
    this.relay.publishCommitted(emitted);
    return result;
  }

  /**
   * A change that is a single data-modifying statement (no RETURNING needed)
   * and its event: one round trip, no BEGIN/COMMIT, then published like
   * `run`'s events. The event is written whether or not the statement
   * matched rows, as it would be in `run`.
   */
  async statementWithEvent<T extends EventType>(sql: string, params: unknown[], type: T, aggregate: EventAggregate, payload: EventPayloads[T]): Promise<string> {
    const event = await insertEvent(this.dataSource.manager, type, aggregate, payload, { sql, params });
    this.relay.publishCommitted([event]);
    return event.id;
  }
}
