import { SetMetadata } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { DirectCommandJobs, DirectCommandName } from './job-catalogue';

export const COMMAND_HANDLER = 'queue:command-handler';

export interface CommandHandlerMeta {
  name: DirectCommandName;
  /** The job mails the admin itself when it fails for good (no dead-letter alert on top). */
  alertsItself?: boolean;
}

/** A method decorator whose method must be assignable to T (fewer parameters are fine, other types are not). */
export type TypedMethodDecorator<T> = <M extends T>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>) => void;

/**
 * The method that runs a command job, typed from the job catalogue:
 * `@HandlesCommand('backup-database') run(data: DirectCommandJobs['backup-database'])`.
 * JobHandlers finds it at start (one handler per command). Owed commands
 * have their own decorator (events/owed-commands.service.ts).
 */
export function HandlesCommand<K extends DirectCommandName>(
  name: K,
  options: { alertsItself?: boolean } = {},
): TypedMethodDecorator<(data: DirectCommandJobs[K], job: Job) => Promise<unknown>> {
  return (target, key, descriptor) => SetMetadata(COMMAND_HANDLER, { name, ...options } satisfies CommandHandlerMeta)(target, key, descriptor);
}
