import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { EventEnvelope } from './event-catalogue';
import { TransactionRunner, type Tx } from './transaction-runner';

export type ConsumeResult<T> = { applied: true; result: T } | { applied: false };

/**
 * The inbox side of at-least-once delivery: a consumer's effect and the
 * (consumer, event_id) marker are written in one transaction, so a
 * redelivered event is recognised and skipped.
 */
@Injectable()
export class ProcessedEvents {
  constructor(private readonly tx: TransactionRunner) {}

  static async claim(manager: EntityManager, consumer: string, eventId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
      [consumer, eventId],
    );
    return rows.length === 1;
  }

  async once<T>(consumer: string, event: EventEnvelope, effect: (tx: Tx) => Promise<T>): Promise<ConsumeResult<T>> {
    return this.tx.run(async (tx) => {
      if (!(await ProcessedEvents.claim(tx.manager, consumer, event.id))) return { applied: false as const };
      return { applied: true as const, result: await effect(tx) };
    });
  }
}
