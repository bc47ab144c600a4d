import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from './event-catalogue';
import { EventDeliveriesRepository } from './event-deliveries.repository';
import { TransactionRunner, type Tx } from './transaction-runner';

/**
 * What a consumer answers when it settled its delivery in its own
 * transaction (its effect, the processed_events marker and the delivery's
 * removal in one commit): EventConsumers then leaves the delivery alone.
 * Anything else a consumer answers, the delivery is settled after it.
 */
export interface Settled {
  settled: true;
}

export const isSettled = (value: unknown): value is Settled => typeof value === 'object' && value !== null && (value as Partial<Settled>).settled === true;

/** A consumer's answer that says whether it settled its delivery itself. */
export type Consumed<T extends object> = T & Partial<Settled>;

export type ConsumeResult<T> = ({ applied: true; result: T } | { applied: false }) & Settled;

/**
 * The inbox side of at-least-once delivery: a consumer's effect, its
 * (consumer, event_id) marker and the removal of the delivery it owed are
 * written in one transaction, so a redelivered event is recognised and
 * skipped, and a delivered one is never re-driven.
 */
@Injectable()
export class ProcessedEvents {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly deliveries: EventDeliveriesRepository,
  ) {}

  async once<T>(consumer: string, event: EventEnvelope, effect: (tx: Tx) => Promise<T>): Promise<ConsumeResult<T>> {
    return this.tx.run(async (tx) => {
      if (!(await this.deliveries.settle(tx.manager, consumer, event.id))) return { applied: false as const, settled: true as const };
      return { applied: true as const, result: await effect(tx), settled: true as const };
    });
  }
}
