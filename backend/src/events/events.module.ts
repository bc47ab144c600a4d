import { DynamicModule, Global, Inject, Module, OnModuleInit } from '@nestjs/common';
import { JobHandlers } from '../queue/job-handlers';
import { EventSubscriptions, type Subscription } from './event-subscriptions';
import { OutboxRelay } from './outbox-relay.service';
import { ProcessedEvents } from './processed-events.service';
import { TransactionRunner } from './transaction-runner';

export const SWEEP_EVERY_MS = 5000;

@Global()
@Module({
  providers: [EventSubscriptions, OutboxRelay, TransactionRunner, ProcessedEvents],
  exports: [EventSubscriptions, OutboxRelay, TransactionRunner, ProcessedEvents],
})
export class EventsModule implements OnModuleInit {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly relay: OutboxRelay,
  ) {}

  onModuleInit(): void {
    this.handlers.command('outbox-sweep', () => this.relay.sweep());
    this.handlers.schedule('outbox-sweep', { every: SWEEP_EVERY_MS }, {});
  }

  /** A feature declares the events it consumes. */
  static forFeature(subscriptions: readonly Subscription[]): DynamicModule {
    const token = Symbol('event-subscriptions');
    return {
      module: EventsFeatureModule,
      providers: [{ provide: token, useValue: subscriptions }, { provide: FEATURE_SUBSCRIPTIONS, useExisting: token }],
    };
  }
}

const FEATURE_SUBSCRIPTIONS = Symbol('FEATURE_SUBSCRIPTIONS');

@Module({})
export class EventsFeatureModule implements OnModuleInit {
  constructor(
    private readonly registry: EventSubscriptions,
    @Inject(FEATURE_SUBSCRIPTIONS) private readonly subscriptions: readonly Subscription[],
  ) {}

  onModuleInit(): void {
    this.registry.add(this.subscriptions);
  }
}
