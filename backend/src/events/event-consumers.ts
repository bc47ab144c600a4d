import { Injectable, OnModuleInit, SetMetadata } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { discoverMethods } from '../queue/discover-methods';
import type { TypedMethodDecorator } from '../queue/job-decorators';
import { JobHandlers } from '../queue/job-handlers';
import type { QueueName } from '../queue/queue-names';
import type { AnyEnvelope, EventType } from './event-catalogue';
import { EventDeliveriesRepository } from './event-deliveries.repository';
import { EventSubscriptions } from './event-subscriptions';
import { InlineConsumers } from './inline-consumers';
import { isSettled } from './processed-events.service';

/**
 * One event consumer, declared once: its name (the BullMQ job name and its
 * key in processed_events and event_deliveries), the events it receives and
 * its queue. `handle` gets envelopes typed from the event catalogue.
 */
export interface ConsumerDefinition<E extends EventType = EventType> {
  name: string;
  events: readonly E[];
  queue: QueueName;
  /**
   * Its jobs wait behind its queue's other waiting jobs (BullMQ priority:
   * a job without one is taken before any job with one; equal priorities in
   * order). Meant for intake that starts new work in a burst, so the steps
   * finishing work already under way on the same queue are not queued
   * behind it. No consumer sets one yet: process-ipn did, and was taken back
   * (the fault suite's stalled-twice scenario failed more often under load).
   */
  priority?: number;
  /**
   * Also run in the worker that committed the event, right after the
   * commit, instead of only when its job comes up (InlineConsumers): for a
   * step the buyer waits on (access after the payment). Its job is still
   * queued, delayed by INLINE_JOB_DELAY_MS, and finds the delivery settled. Only for a consumer that settles
   * its delivery in its own transaction (ProcessedEvents.once) and needs no
   * job (it gets none inline).
   */
  inline?: boolean;
  /**
   * A delivery (and its job) is owed only when this SQL condition holds in
   * the statement that writes the event, in its transaction; it may read the
   * event as `ev` (`ev.type`, `ev.aggregate_type`, `ev.aggregate_id`,
   * `ev.payload`). For a consumer that would find nothing to do otherwise
   * (webhooks with no endpoint subscribed, a commission on a sale no
   * affiliate referred), so no job is queued for it. It must hold for every
   * event the consumer would act on, from what is committed by then. A fixed
   * string of the code, never built from input.
   */
  owedWhen?: string;
}

export function defineConsumer<const E extends EventType>(definition: ConsumerDefinition<E>): ConsumerDefinition<E> {
  return definition;
}

/** `job` is absent when the consumer runs inline (ConsumerDefinition.inline). */
export type ConsumerHandler<E extends EventType> = (event: AnyEnvelope<E>, job?: Job) => Promise<unknown>;

const EVENT_CONSUMER = 'events:consumer';

/**
 * The method that consumes the events of one consumer definition, its
 * parameter typed from the event catalogue:
 * `@Consumes(GRANT_ACCESS) grant(event: EventEnvelope<'payment.confirmed'>)`.
 * EventConsumers finds it at start; the subscription, the job name and the
 * processed_events key all come from the definition.
 */
export function Consumes<E extends EventType>(definition: ConsumerDefinition<E>): TypedMethodDecorator<ConsumerHandler<E>> {
  return (target, key, descriptor) => SetMetadata(EVENT_CONSUMER, definition)(target, key, descriptor);
}

/**
 * Registers consumers: subscribes them (the relay enqueues one job per
 * subscriber) and wraps their handler so that a handled event is recorded
 * as delivered (processed_events marker in, event_deliveries row out) even
 * when the handler itself had nothing to write. A consumer whose job fails
 * for good becomes a dead letter.
 */
@Injectable()
export class EventConsumers implements OnModuleInit {
  private readonly byName = new Map<string, ConsumerDefinition>();

  constructor(
    private readonly handlers: JobHandlers,
    private readonly subscriptions: EventSubscriptions,
    private readonly deliveries: EventDeliveriesRepository,
    private readonly dataSource: DataSource,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly inline: InlineConsumers,
  ) {}

  onModuleInit(): void {
    for (const { meta, call } of discoverMethods<ConsumerDefinition>(this.discovery, this.scanner, this.reflector, EVENT_CONSUMER)) {
      this.register(meta, call as ConsumerHandler<EventType>);
    }
    this.handlers.onDeadLetter(async (letter) => {
      if (!letter.eventId || !this.byName.has(letter.name)) return;
      await this.deliveries.markDead(letter.name, letter.eventId, letter.error);
    });
    this.handlers.onStalledOut(async (job) => {
      if (job.eventId && this.byName.has(job.name)) await this.deliveries.checkNow(job.name, job.eventId);
    });
  }

  register<E extends EventType>(definition: ConsumerDefinition<E>, handle: ConsumerHandler<E>): void {
    this.byName.set(definition.name, definition as ConsumerDefinition);
    this.subscriptions.add(
      definition.events.map((event) => ({
        event,
        consumer: definition.name,
        queue: definition.queue,
        priority: definition.priority,
        owedWhen: definition.owedWhen,
      })),
    );
    const consume = async (event: AnyEnvelope<E>, job?: Job): Promise<unknown> => {
      const result = await handle(event, job);
      // Most consumers settle in their own transaction (ProcessedEvents.once) and say so; the others are recorded here.
      if (!isSettled(result)) await this.deliveries.settle(this.dataSource.manager, definition.name, event.id);
      return result;
    };
    this.handlers.consumer<AnyEnvelope<E>>(definition.name, consume);
    if (definition.inline) this.inline.add(definition.name, definition.events, (event) => consume(event as AnyEnvelope<E>));
  }

  definitions(): ConsumerDefinition[] {
    return [...this.byName.values()];
  }

  definition(name: string): ConsumerDefinition | undefined {
    return this.byName.get(name);
  }
}
