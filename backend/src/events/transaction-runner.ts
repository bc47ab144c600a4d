import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { currentTraceparent } from '../common/tracing/trace-context';
import { queueConfig } from '../config';
import type { OwedCommandJobs, OwedCommandName } from '../queue/job-catalogue';
import type { EventAggregate, EventPayloads, EventType } from './event-catalogue';
import { EventSubscriptions } from './event-subscriptions';
import { OwedCommandsRepository } from './owed-commands.repository';
import { newOwedCommand, OwedCommandPublisher, type CommittedCommand, type OweOptions } from './owed-command-publisher';
import { OutboxRelay, type CommittedEvent } from './outbox-relay.service';
import { OutboxRepository, type StatementBefore } from './outbox.repository';

export interface Tx {
  manager: EntityManager;
  /** Records a domain event in the same transaction as the change it describes. */
  emit<T extends EventType>(type: T, aggregate: EventAggregate, payload: EventPayloads[T]): Promise<string>;
  /**
   * Owes a command (a mail to send, an order to capture) in the same
   * transaction as the decision; it is published after the commit and
   * re-driven while it is owed. Answers its id, or null when a command of
   * that name and key was owed already.
   */
  owe<K extends OwedCommandName>(name: K, data: OwedCommandJobs[K], options?: OweOptions): Promise<string | null>;
  /**
   * Runs `step` in this transaction after the work, right before the
   * commit, in the order registered: for a statement that takes a hot lock
   * (the next invoice number), so the lock is held for the commit alone, not
   * for the rest of the work.
   */
  beforeCommit(step: () => Promise<void>): void;
  /** Runs `step` once the transaction has committed (a metric that must not count work rolled back); never if it rolls back. */
  afterCommit(step: () => void): void;
}

/**
 * Runs business work in one transaction together with its outbox rows (and
 * the deliveries they owe) and the commands it owes, and after commit hands
 * them to the relay and the command publisher to publish at once. If that
 * publish fails (Redis away, crash), the sweeper publishes the events later
 * and the re-drive delivers what was lost: nothing is.
 */
@Injectable()
export class TransactionRunner {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
    private readonly outbox: OutboxRepository,
    private readonly subscriptions: EventSubscriptions,
    private readonly commands: OwedCommandsRepository,
    private readonly publisher: OwedCommandPublisher,
    @Inject(queueConfig.KEY) private readonly queue: ConfigType<typeof queueConfig>,
  ) {}

  async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const emitted: CommittedEvent[] = [];
    const owed: CommittedCommand[] = [];
    const committed: Array<() => void> = [];
    const result = await this.dataSource.transaction(async (manager) => {
      const lastSteps: Array<() => Promise<void>> = [];
      const answer = await work({
        manager,
        beforeCommit: (step) => {
          lastSteps.push(step);
        },
        afterCommit: (step) => {
          committed.push(step);
        },
        emit: async (type, aggregate, payload) => {
          const event = await this.write(manager, type, aggregate, payload);
          emitted.push(event!);
          return event!.id;
        },
        owe: async (name, data, options) => {
          const command = newOwedCommand(name, data, options);
          if (!(await this.commands.insert(manager, command, this.queue.redriveGraceSeconds))) return null;
          owed.push({
            id: command.id,
            name,
            queue: command.queue as CommittedCommand['queue'],
            jobId: command.jobId,
            data: command.data,
            attempts: command.jobAttempts,
            traceparent: currentTraceparent(),
          });
          return command.id;
        },
      });
      for (const step of lastSteps) await step();
      return answer;
    });
    this.relay.publishCommitted(emitted);
    this.publisher.publishCommitted(owed);
    for (const step of committed) {
      try {
        step();
      } catch {
        // A follow-up of a committed transaction (a metric) never turns it into a failure.
      }
    }
    return result;
  }

  /**
   * A change that is a single data-modifying statement and its event: one
   * round trip, no BEGIN/COMMIT, then published like `run`'s events. With
   * `onlyIfRows`, the event is written only when the statement returned rows
   * (an insert that did not hit a conflict); the answer says how many.
   */
  async statementWithEvent<T extends EventType>(
    before: StatementBefore,
    type: T,
    aggregate: EventAggregate,
    payload: EventPayloads[T],
  ): Promise<{ eventId: string | null; beforeRows: number }> {
    const id = randomUUID();
    const json = JSON.stringify(payload);
    const subscribers = this.subscriptions.of(type);
    const traceparent = currentTraceparent();
    const written = await this.outbox.insert(
      this.dataSource.manager,
      { id, type, aggregateType: aggregate.type, aggregateId: String(aggregate.id), payload: json, traceparent },
      subscribers,
      this.queue.redriveGraceSeconds,
      before,
    );
    if (!written.occurredAt) return { eventId: null, beforeRows: written.beforeRows };
    this.relay.publishCommitted([
      {
        id,
        type,
        aggregateType: aggregate.type,
        aggregateId: String(aggregate.id),
        payload: JSON.parse(json),
        occurredAt: written.occurredAt,
        traceparent,
        ...(written.owed && { consumers: written.owed }),
      },
    ]);
    return { eventId: id, beforeRows: written.beforeRows };
  }

  private async write<T extends EventType>(
    manager: EntityManager,
    type: T,
    aggregate: EventAggregate,
    payload: EventPayloads[T],
  ): Promise<CommittedEvent | null> {
    const id = randomUUID();
    const json = JSON.stringify(payload);
    const traceparent = currentTraceparent();
    const written = await this.outbox.insert(
      manager,
      { id, type, aggregateType: aggregate.type, aggregateId: String(aggregate.id), payload: json, traceparent },
      this.subscriptions.of(type),
      this.queue.redriveGraceSeconds,
    );
    return {
      id,
      type,
      aggregateType: aggregate.type,
      aggregateId: String(aggregate.id),
      payload: JSON.parse(json),
      occurredAt: written.occurredAt!,
      traceparent,
      ...(written.owed && { consumers: written.owed }),
    };
  }
}
