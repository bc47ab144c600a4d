import { Global, Module, OnModuleInit } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AppMetaRepository } from '../database/app-meta.repository';
import { JobHandlers } from '../queue/job-handlers';
import { DeliveryFigures } from './delivery-figures.service';
import { EventConsumers } from './event-consumers';
import { EventDeliveriesRepository } from './event-deliveries.repository';
import { EventSubscriptions } from './event-subscriptions';
import { InlineConsumers } from './inline-consumers';
import { OutboxRelay } from './outbox-relay.service';
import { OutboxRepository } from './outbox.repository';
import { OwedCommandPublisher } from './owed-command-publisher';
import { OwedCommandsRepository } from './owed-commands.repository';
import { OwedCommands } from './owed-commands.service';
import { ProcessedEvents } from './processed-events.service';
import { RedriveService } from './redrive.service';
import { TransactionRunner } from './transaction-runner';

export const SWEEP_EVERY_MS = 5000;

/** The event bus: outbox, relay, sweeper, consumers, owed commands and the re-drive of what is still owed. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    AppMetaRepository,
    EventSubscriptions,
    InlineConsumers,
    EventConsumers,
    EventDeliveriesRepository,
    OutboxRepository,
    OutboxRelay,
    TransactionRunner,
    ProcessedEvents,
    OwedCommandsRepository,
    OwedCommandPublisher,
    OwedCommands,
    RedriveService,
    DeliveryFigures,
  ],
  exports: [
    InlineConsumers,
    EventConsumers,
    EventDeliveriesRepository,
    OutboxRepository,
    OutboxRelay,
    TransactionRunner,
    ProcessedEvents,
    OwedCommandsRepository,
    OwedCommandPublisher,
    OwedCommands,
    RedriveService,
    DeliveryFigures,
  ],
})
export class EventsModule implements OnModuleInit {
  constructor(private readonly handlers: JobHandlers) {}

  onModuleInit(): void {
    this.handlers.schedule('outbox-sweep', { every: SWEEP_EVERY_MS }, {});
  }
}
