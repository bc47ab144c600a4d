import type { EventEnvelope } from '../events/event-catalogue';
import { QueueName } from './queue-names';

/**
 * Every job the product runs, with its payload type and queue, declared once
 * so a producer cannot enqueue a payload its handler does not expect.
 * Event consumers are jobs too: their name is the consumer's name and their
 * payload the event envelope (see events/event-subscriptions.ts).
 */
export interface CommandJobs {
  'reconcile-payments': Record<string, never>;
  'send-email': {
    to: string;
    subject: string;
    text: string;
    html?: string;
    tag?: string;
    /** Mail that must go out at most once (a receipt per payment): the worker sends a key once. */
    dedupeKey?: string;
    attachments?: Array<{ filename: string; contentType: string; contentBase64: string }>;
  };
  'remind-unclaimed-payments': Record<string, never>;
  'send-lesson-digests': Record<string, never>;
  'send-password-reset': { email: string };
  'outbox-sweep': Record<string, never>;
  'redrive-deliveries': Record<string, never>;
  'analytics-recompute': { requestedBy?: string };
  'backup-database': { backupId: string };
  'scheduled-backup': Record<string, never>;
}

export type CommandJobName = keyof CommandJobs;

export const COMMAND_JOB_QUEUES: { [K in CommandJobName]: QueueName } = {
  'reconcile-payments': QueueName.Payments,
  'remind-unclaimed-payments': QueueName.Payments,
  'send-email': QueueName.Notifications,
  'send-lesson-digests': QueueName.Notifications,
  'send-password-reset': QueueName.Notifications,
  'outbox-sweep': QueueName.Maintenance,
  'redrive-deliveries': QueueName.Maintenance,
  'analytics-recompute': QueueName.Analytics,
  'backup-database': QueueName.Maintenance,
  'scheduled-backup': QueueName.Maintenance,
};

export type JobData = CommandJobs[CommandJobName] | EventEnvelope;
