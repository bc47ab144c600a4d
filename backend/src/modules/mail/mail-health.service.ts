import { Injectable, Logger } from '@nestjs/common';
import { OwedCommandsRepository } from '../../events/owed-commands.repository';
import { SystemAlertsRepository } from './system-alerts.repository';

/** Failures this recent count; a mail still unsent this long makes mail "delayed". */
export const MAIL_FAILURE_WINDOW_SECONDS = 3600;
export const MAIL_DELAYED_AFTER_SECONDS = 900;

export const MAIL_FAILING_ALERT = 'mail-failing' as const;

/** How mail delivery is doing (the overview, the Queues page, /api/health). */
export interface MailDelivery {
  /** ok; failing: the newest attempt to send failed (nothing sent since); delayed: a mail has waited longer than it should. */
  status: 'ok' | 'failing' | 'delayed';
  /** Mails still retrying whose last attempt failed in the last hour. */
  recentFailures: number;
  /** Mails that stopped retrying in the last hour. */
  deadRecently: number;
  /** Mails owed and not sent yet. */
  unsent: number;
  oldestUnsentSeconds: number | null;
  lastSentAt: string | null;
  lastFailedAt: string | null;
  /** The newest failure's error (the mail server's own words). */
  lastError: string | null;
}

/**
 * Mail delivery is part of the system's health. It is read from the owed
 * mails themselves (not from the queue, which may have lost them), and a
 * failing transport raises the system alert in the console, a channel that
 * does not depend on mail; the next mail that goes out closes it.
 */
@Injectable()
export class MailHealth {
  private readonly logger = new Logger(MailHealth.name);

  constructor(
    private readonly commands: OwedCommandsRepository,
    private readonly alerts: SystemAlertsRepository,
  ) {}

  async delivery(): Promise<MailDelivery> {
    const [row, lastError] = await Promise.all([
      this.commands.health('send-email', MAIL_FAILURE_WINDOW_SECONDS),
      this.commands.lastError('send-email', MAIL_FAILURE_WINDOW_SECONDS),
    ]);
    const lastSent = row.last_done_at ? new Date(row.last_done_at) : null;
    const lastFailed = row.last_failed_at ? new Date(row.last_failed_at) : null;
    const failing = lastFailed !== null && (lastSent === null || lastFailed > lastSent);
    const delayed = (row.oldest_unsent_seconds ?? 0) > MAIL_DELAYED_AFTER_SECONDS;
    return {
      status: failing ? 'failing' : delayed ? 'delayed' : 'ok',
      recentFailures: row.recent_failures,
      deadRecently: row.dead_recently,
      unsent: row.unsent,
      oldestUnsentSeconds: row.unsent > 0 ? row.oldest_unsent_seconds : null,
      lastSentAt: lastSent?.toISOString() ?? null,
      lastFailedAt: lastFailed?.toISOString() ?? null,
      lastError: failing ? lastError : null,
    };
  }

  /** A send failed: the console's system alert (never mail: mail is what fails). Never throws. */
  async failed(error: Error): Promise<void> {
    await this.alerts
      .raise(
        MAIL_FAILING_ALERT,
        'Mail is failing',
        `Sending an email failed: ${error.message}\n\nMails are kept and retried; check Admin > Settings > Email (or SMTP_* in the environment). ` +
          'Admin > Queues > Mail log lists what is waiting.',
      )
      .catch((err: Error) => this.logger.warn({ err: err.message }, 'Could not record the mail alert'));
  }

  /** A mail went out: a mail alert still open is closed. Never throws. */
  async sent(): Promise<void> {
    await this.alerts
      .resolveKind(MAIL_FAILING_ALERT, 'a mail was sent')
      .catch((err: Error) => this.logger.warn({ err: err.message }, 'Could not close the mail alert'));
  }
}
