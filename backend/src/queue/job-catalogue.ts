import type { EventEnvelope } from '../events/event-catalogue';
import { QueueName } from './queue-names';

/**
 * Every job the product runs, with its payload type and queue, declared once
 * so a producer cannot enqueue a payload its handler does not expect.
 * Event consumers are jobs too: their name is the consumer's name and their
 * payload the event envelope (see events/event-subscriptions.ts).
 */
export interface CommandJobs {
  'process-ipn': { paymentEventId: string };
  'reconcile-payments': Record<string, never>;
  'reconcile-payment': { paymentId: string };
  'send-email': { to: string; subject: string; text: string; html?: string; tag?: string };
  'outbox-sweep': Record<string, never>;
  'analytics-recompute': { requestedBy?: string };
  'backup-database': { backupId: string };
  'clear-cache': { requestedBy?: string };
  'scheduled-backup': Record<string, never>;
}

export type CommandJobName = keyof CommandJobs;

export const COMMAND_JOB_QUEUES: { [K in CommandJobName]: QueueName } = {
  'process-ipn': QueueName.Payments,
  'reconcile-payments': QueueName.Payments,
  'reconcile-payment': QueueName.Payments,
  'send-email': QueueName.Notifications,
  'outbox-sweep': QueueName.Maintenance,
  'analytics-recompute': QueueName.Analytics,
  'backup-database': QueueName.Maintenance,
  'clear-cache': QueueName.Maintenance,
  'scheduled-backup': QueueName.Maintenance,
};

export type JobData = CommandJobs[CommandJobName] | EventEnvelope;
