import { SetMetadata } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { CommandJobName, CommandJobs } from './job-catalogue';

export const COMMAND_HANDLER = 'queue:command-handler';

export interface CommandHandlerMeta {
  name: CommandJobName;
  /** The job mails the admin itself when it fails for good (no dead-letter alert on top). */
  alertsItself?: boolean;
}

/** A method decorator whose method must be assignable to T (fewer parameters are fine, other types are not). */
export type TypedMethodDecorator<T> = <M extends T>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>) => void;

/**
 * The method that runs a command job, typed from the job catalogue:
 * `@HandlesCommand('send-email') deliver(mail: CommandJobs['send-email'])`.
 * JobHandlers finds it at start (one handler per command).
 */
export function HandlesCommand<K extends CommandJobName>(
  name: K,
  options: { alertsItself?: boolean } = {},
): TypedMethodDecorator<(data: CommandJobs[K], job: Job) => Promise<unknown>> {
  return (target, key, descriptor) => SetMetadata(COMMAND_HANDLER, { name, ...options } satisfies CommandHandlerMeta)(target, key, descriptor);
}
