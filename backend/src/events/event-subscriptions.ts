import { Injectable } from '@nestjs/common';
import type { QueueName } from '../queue/queue-names';
import type { EventType } from './event-catalogue';

export interface Subscription {
  event: EventType;
  /** Consumer name: the BullMQ job name and the key in processed_events. */
  consumer: string;
  queue: QueueName;
  /** BullMQ priority of its jobs (see ConsumerDefinition.priority); none: ahead of those that have one. */
  priority?: number;
  /** Owed only when this SQL condition holds as the event is written (ConsumerDefinition.owedWhen). */
  owedWhen?: string;
}

/** Who listens to which event; the relay enqueues one job per subscriber. */
@Injectable()
export class EventSubscriptions {
  private readonly byEvent = new Map<string, Subscription[]>();

  add(subscriptions: readonly Subscription[]): void {
    for (const sub of subscriptions) {
      const list = this.byEvent.get(sub.event) ?? [];
      if (list.some((s) => s.consumer === sub.consumer)) continue;
      list.push(sub);
      this.byEvent.set(sub.event, list);
    }
  }

  of(event: string): readonly Subscription[] {
    return this.byEvent.get(event) ?? [];
  }
}
