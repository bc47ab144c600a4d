import { Injectable, Logger, OnModuleInit, SetMetadata } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Job } from 'bullmq';
import { DataSource, type EntityManager } from 'typeorm';
import { discoverMethods } from '../queue/discover-methods';
import type { OwedCommandJob, OwedCommandJobs, OwedCommandName } from '../queue/job-catalogue';
import type { TypedMethodDecorator } from '../queue/job-decorators';
import { JobHandlers } from '../queue/job-handlers';
import { OwedCommandsRepository } from './owed-commands.repository';
import { TransactionRunner, type Tx } from './transaction-runner';

/** The row an owed command's job runs for (null id: a job enqueued by a version before owed commands). */
export interface OwedCommandRef {
  id: string | null;
  name: OwedCommandName;
}

export type OwedCommandHandler<K extends OwedCommandName> = (data: OwedCommandJobs[K], command: OwedCommandRef, job: Job) => Promise<unknown>;

export type OnceResult<T> = { applied: true; result: T } | { applied: false };

const OWED_COMMAND_HANDLER = 'events:owed-command';

/**
 * The method that performs an owed command, typed from the job catalogue:
 * `@HandlesOwedCommand('send-email') deliver(mail: MailCommand, command: OwedCommandRef)`.
 * OwedCommands finds it at start and records each run on the command's row.
 */
export function HandlesOwedCommand<K extends OwedCommandName>(name: K): TypedMethodDecorator<OwedCommandHandler<K>> {
  return (target, key, descriptor) => SetMetadata(OWED_COMMAND_HANDLER, name)(target, key, descriptor);
}

function unwrap(job: Job): { commandId: string | null; data: unknown } {
  const raw = job.data as Partial<OwedCommandJob> & { origin?: string };
  if (typeof raw.commandId === 'string' && 'data' in raw) return { commandId: raw.commandId, data: raw.data };
  // A job of a version before owed commands carries the command's data itself.
  const { origin: _origin, ...data } = raw as Record<string, unknown>;
  return { commandId: null, data };
}

/**
 * Runs owed commands in the worker: each @HandlesOwedCommand method gets
 * the command's data and its row; a run that returns marks the row sent
 * (unless the handler did so in its own transaction, `once`), a run that
 * throws records the failed attempt and lets BullMQ retry; a job that fails
 * for good makes the row a dead letter (with the dead-letter alert).
 */
@Injectable()
export class OwedCommands implements OnModuleInit {
  private readonly logger = new Logger(OwedCommands.name);
  private readonly names = new Set<string>();

  constructor(
    private readonly handlers: JobHandlers,
    private readonly repo: OwedCommandsRepository,
    private readonly tx: TransactionRunner,
    private readonly dataSource: DataSource,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    for (const { meta, call } of discoverMethods<OwedCommandName>(this.discovery, this.scanner, this.reflector, OWED_COMMAND_HANDLER)) {
      this.register(meta, call as OwedCommandHandler<OwedCommandName>);
    }
    this.handlers.onDeadLetter(async (letter) => {
      if (letter.commandId) await this.repo.markDead(letter.commandId, letter.error);
    });
    this.handlers.onStalledOut(async (job) => {
      if (job.commandId) await this.repo.checkNow(job.commandId);
    });
  }

  register<K extends OwedCommandName>(name: K, handle: OwedCommandHandler<K>): void {
    this.names.add(name);
    this.handlers.owed(name, async (_data: unknown, job: Job) => {
      const { commandId, data } = unwrap(job);
      try {
        const result = await handle(data as OwedCommandJobs[K], { id: commandId, name }, job);
        if (commandId) await this.repo.complete(this.dataSource.manager, commandId);
        return result;
      } catch (err) {
        if (commandId)
          await this.repo
            .attemptFailed(commandId, (err as Error).message)
            .catch((failure: Error) => this.logger.warn({ commandId, err: failure.message }, 'Could not record the failed attempt'));
        throw err;
      }
    });
  }

  has(name: string): boolean {
    return this.names.has(name);
  }

  /**
   * The command's effect and its "sent" mark in one transaction, with the
   * row locked: a second job of the same command waits for the first, then
   * finds it sent and does nothing.
   */
  async once<T>(command: OwedCommandRef, effect: (tx: Tx) => Promise<T>): Promise<OnceResult<T>> {
    return this.tx.run(async (tx) => {
      if (command.id && !(await this.repo.claim(tx.manager, command.id))) return { applied: false as const };
      const result = await effect(tx);
      if (command.id) await this.repo.complete(tx.manager, command.id);
      return { applied: true as const, result };
    });
  }

  /** Marks the command of that name and key done in the caller's transaction (the reconciler did what a job was owed). */
  completeByKey(manager: EntityManager, name: OwedCommandName, key: string): Promise<boolean> {
    return this.repo.completeByKey(manager, name, key);
  }

  /** An admin's retry of failed or dead commands of a name (the given ones, or all): due now; answers how many. */
  revive(name: OwedCommandName, ids?: readonly string[]): Promise<number> {
    return this.repo.revive(name, ids);
  }
}
