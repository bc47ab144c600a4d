import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from './event-catalogue';
import { EventDeliveriesRepository } from './event-deliveries.repository';
import { TransactionRunner, type Tx } from './transaction-runner';

export type ConsumeResult<T> = { applied: true; result: T } | { applied: false };

/**
 * The inbox side of at-least-once delivery: a consumer's effect, its
 * (consumer, event_id) marker and the removal of the delivery it owed are
 * written in one transaction, so a redelivered event is recognised and
 * skipped, and a delivered one is never re-driven.
 */
@Injectable()
export class ProcessedEvents {
  /** Envelopes whose delivery a consumer settled in its own transaction: the consumer wrapper need not settle them again. */
  private readonly settled = new WeakSet<EventEnvelope>();

  constructor(
    private readonly tx: TransactionRunner,
    private readonly deliveries: EventDeliveriesRepository,
  ) {}

  async once<T>(consumer: string, event: EventEnvelope, effect: (tx: Tx) => Promise<T>): Promise<ConsumeResult<T>> {
    const outcome = await this.tx.run(async (tx) => {
      if (!(await this.deliveries.settle(tx.manager, consumer, event.id))) return { applied: false as const };
      return { applied: true as const, result: await effect(tx) };
    });
    this.noteSettled(event);
    return outcome;
  }

  /** Records that this envelope's delivery is settled (committed), for a consumer that settles in its own transaction. */
  noteSettled(event: EventEnvelope): void {
    this.settled.add(event);
  }

  wasSettled(event: EventEnvelope): boolean {
    return this.settled.has(event);
  }
}
