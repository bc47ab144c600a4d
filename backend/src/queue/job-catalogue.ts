import { QueueName } from './queue-names';

/**
 * Every job the product runs, with its payload type and queue, declared once
 * so a producer cannot enqueue a payload its handler does not expect.
 * Event consumers are jobs too: their name is the consumer's name and their
 * payload the event envelope (see events/event-subscriptions.ts).
 */

/** An email as the worker sends it. */
export interface MailCommand {
  to: string;
  subject: string;
  text: string;
  html?: string;
  tag?: string;
  /** Mail that must go out at most once (a receipt per payment): the worker sends a key once (mail_log). */
  dedupeKey?: string;
  /** `cid`: an inline image the HTML part shows with `src="cid:..."` (a QR code). */
  attachments?: Array<{ filename: string; contentType: string; contentBase64: string; cid?: string }>;
  /** Extra header fields (`List-Unsubscribe`, `List-Unsubscribe-Post`); the transport sets the standard ones. */
  headers?: Record<string, string>;
}

/**
 * Owed commands: side effects decided in a transaction and performed later
 * by a worker. Each is written as an owed_commands row in the transaction
 * that decides it (`tx.owe(...)`, events/owed-commands.service.ts) and only
 * then published; the re-drive enqueues what is still owed. There is no
 * other way to enqueue them: QueueService.enqueue takes only direct commands
 * (below), and lint refuses a literal owed command name given to a queue's
 * add() or addBulk().
 */
export interface OwedCommandJobs {
  'send-email': MailCommand;
  /** "Forgot password": the worker looks the email up and, for an account that may sign in, owes the reset mail. */
  'send-password-reset': { email: string };
  /** An order the buyer approved at PayPal: capture it (the same request id makes a repeat the same capture). */
  'capture-payment': { paymentId: string };
}

/** Direct commands: scheduled or requested work whose loss costs nothing (the next schedule or request does it again). */
export interface DirectCommandJobs {
  'reconcile-payments': Record<string, never>;
  'remind-unclaimed-payments': Record<string, never>;
  /** Abandoned checkouts whose reminder is due (issue 34): each stamped once, with its event. */
  'remind-abandoned-checkouts': Record<string, never>;
  'send-lesson-digests': Record<string, never>;
  'outbox-sweep': Record<string, never>;
  'redrive-deliveries': Record<string, never>;
  'analytics-recompute': { requestedBy?: string };
  'backup-database': { backupId: string };
  'scheduled-backup': Record<string, never>;
  /** Scheduled publishes of course drafts that are due (each claimed once in the database). */
  'publish-due-drafts': Record<string, never>;
  /** Affiliate commissions whose hold passed since the last run: each is told once (commission.approved and its mail). */
  'notify-approved-commissions': Record<string, never>;
  /** Webhook deliveries that are due: the worker sends them (the rows are the truth; a lost job costs one sweep period). */
  'deliver-webhooks': Record<string, never>;
}

export type OwedCommandName = keyof OwedCommandJobs;
export type DirectCommandName = keyof DirectCommandJobs;
export type CommandJobs = OwedCommandJobs & DirectCommandJobs;
export type CommandJobName = keyof CommandJobs;

/** What an owed command's job carries: its row and the command's data. */
export interface OwedCommandJob<K extends OwedCommandName = OwedCommandName> {
  commandId: string;
  data: OwedCommandJobs[K];
  /** W3C traceparent of the span that owed the command, when traced. */
  traceparent?: string;
}

export const OWED_COMMAND_QUEUES: { [K in OwedCommandName]: QueueName } = {
  'send-email': QueueName.Notifications,
  'send-password-reset': QueueName.Notifications,
  'capture-payment': QueueName.Payments,
};

export const COMMAND_JOB_QUEUES: { [K in CommandJobName]: QueueName } = {
  ...OWED_COMMAND_QUEUES,
  'reconcile-payments': QueueName.Payments,
  'remind-unclaimed-payments': QueueName.Payments,
  'remind-abandoned-checkouts': QueueName.Payments,
  'send-lesson-digests': QueueName.Notifications,
  'outbox-sweep': QueueName.Maintenance,
  'redrive-deliveries': QueueName.Maintenance,
  'analytics-recompute': QueueName.Analytics,
  'backup-database': QueueName.Maintenance,
  'scheduled-backup': QueueName.Maintenance,
  'publish-due-drafts': QueueName.Maintenance,
  'notify-approved-commissions': QueueName.Notifications,
  'deliver-webhooks': QueueName.Notifications,
};

export const isOwedCommand = (name: string): name is OwedCommandName => Object.hasOwn(OWED_COMMAND_QUEUES, name);
