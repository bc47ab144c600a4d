import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import type { EventEnvelope } from '../../events/event-catalogue';
import { ProcessedEvents, type Consumed } from '../../events/processed-events.service';
import { TransactionRunner } from '../../events/transaction-runner';
import { JobHandlers, type DeadLetter } from '../../queue/job-handlers';
import { REDIS } from '../../redis/redis.module';
import { SettingsService } from '../settings';
import { NOTIFY_ADMIN_OF_COURSE_COMPLETION, NOTIFY_ADMIN_OF_NEW_MEMBER, NOTIFY_ADMIN_OF_REFUND_REQUEST } from './jobs/consumers';
import { MailBrandService } from './mail-brand.service';
import { MAIL_FAILING_ALERT } from './mail-health.service';
import { MailService } from './mail.service';
import { SystemAlertsRepository } from './system-alerts.repository';
import { adminNoticeMail } from './templates';

type NoticeSwitch = 'emailNotifications' | 'newUserNotifications' | 'courseCompletionNotifications' | 'systemAlerts';

/** At most one dead-letter alert mail per window; the others are counted into the next one. */
const DEAD_LETTER_ALERT_WINDOW_SECONDS = 600;

/** The kinds of system alert; each has at most one open alert in the console. */
export type SystemAlertKind = 'dead-letter' | 'backup-failed' | 'two-factor-locked' | 'webhook-disabled' | typeof MAIL_FAILING_ALERT;

/**
 * The effects of Settings > Notifications: emails to the General admin email
 * about new members, course completions and system problems (dead letters,
 * failed backups), each behind its switch and the master "email
 * notifications" switch. System problems are also recorded as the console's
 * system alerts whatever the switches say: that channel does not depend on
 * mail, so a failing mail transport is reported there.
 */
@Injectable()
export class AdminNotices implements OnModuleInit {
  private readonly logger = new Logger(AdminNotices.name);

  constructor(
    private readonly settings: SettingsService,
    private readonly mails: MailService,
    private readonly tx: TransactionRunner,
    private readonly processed: ProcessedEvents,
    private readonly alerts: SystemAlertsRepository,
    private readonly handlers: JobHandlers,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly brands: MailBrandService,
  ) {}

  onModuleInit(): void {
    this.handlers.onDeadLetter((letter) => this.deadLetterAlert(letter));
  }

  newMember(event: EventEnvelope<'account.created'>): Promise<Consumed<{ sent: boolean }>> {
    return this.fromEvent(
      NOTIFY_ADMIN_OF_NEW_MEMBER.name,
      event,
      'newUserNotifications',
      'New member',
      `${event.payload.name} (${event.payload.email}) created an account.`,
    );
  }

  courseCompleted(event: EventEnvelope<'course.completed'>): Promise<Consumed<{ sent: boolean }>> {
    return this.fromEvent(
      NOTIFY_ADMIN_OF_COURSE_COMPLETION.name,
      event,
      'courseCompletionNotifications',
      'Course completed',
      `${event.payload.userName} completed the course "${event.payload.courseTitle}".`,
    );
  }

  refundRequested(event: EventEnvelope<'refund.requested'>): Promise<Consumed<{ sent: boolean }>> {
    const p = event.payload;
    return this.fromEvent(
      NOTIFY_ADMIN_OF_REFUND_REQUEST.name,
      event,
      'emailNotifications',
      'Refund requested',
      `${p.name} (${p.email}) asked for a refund of payment ${p.paymentId}${p.reason ? `: "${p.reason}"` : '.'}\n\n` +
        'The request is within the refund policy. Review it in Admin > Payments (filter "Refund requested") and refund it there.',
    );
  }

  /**
   * A system problem the admin should hear about (a failed backup, a dead
   * letter): a system alert in the console, and an email when the "System
   * alerts" switch is on. Never throws: an alert must not break the work that raised it.
   */
  async systemAlert(kind: SystemAlertKind, subject: string, text: string): Promise<void> {
    await this.record(kind, subject, text);
    await this.mailAlert(subject, text);
  }

  /**
   * A job failed for good. Every one is counted in the console's alert; the
   * mail goes out at most once per window. Mail about mail cannot arrive, so
   * a dead send-email is a console alert only.
   */
  private async deadLetterAlert(letter: DeadLetter): Promise<void> {
    this.logger.warn({ ...letter }, 'Dead letter: a job failed for good');
    if (letter.alertsItself) return;
    const subject = letter.name === 'send-email' ? 'An email could not be sent' : 'A background job failed for good';
    const text =
      `The job "${letter.name}" (queue ${letter.queue}, job ${letter.jobId}${letter.eventId ? `, event ${letter.eventId}` : ''}${letter.commandId ? `, command ${letter.commandId}` : ''}) ` +
      `stopped retrying after ${letter.attemptsMade} attempts: ${letter.error}\n\n` +
      (letter.name === 'send-email'
        ? 'Review and retry it in Admin > Queues > Mail log once mail works again.'
        : `Further dead letters in the next ${DEAD_LETTER_ALERT_WINDOW_SECONDS / 60} minutes are not mailed one by one. Review and retry them in Admin > Queues.`);
    if (letter.name === 'send-email') {
      await this.record(MAIL_FAILING_ALERT, subject, text);
      return;
    }
    await this.record('dead-letter', subject, text);
    const key = 'alert:dead-letters';
    const first = await this.redis.set(key, '0', 'EX', DEAD_LETTER_ALERT_WINDOW_SECONDS, 'NX');
    if (first !== 'OK') {
      await this.redis.incr(key);
      return;
    }
    await this.mailAlert(subject, text);
  }

  private async record(kind: SystemAlertKind, subject: string, text: string): Promise<void> {
    await this.alerts.raise(kind, subject, text).catch((err: Error) => this.logger.warn({ err: err.message, subject }, 'System alert not recorded'));
  }

  private async mailAlert(subject: string, text: string): Promise<void> {
    try {
      const to = await this.recipient('systemAlerts');
      if (to) {
        const mail = await this.mail(to, subject, text);
        await this.tx.run((tx) => this.mails.owe(tx, mail));
      }
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, subject }, 'System alert not mailed');
    }
  }

  /** The notice is owed in the consumer's own transaction, with its record of the event: once per event. */
  private async fromEvent(consumer: string, event: EventEnvelope, flag: NoticeSwitch, subject: string, text: string): Promise<Consumed<{ sent: boolean }>> {
    const to = await this.recipient(flag);
    if (!to) return { sent: false };
    const mail = await this.mail(to, subject, text);
    const outcome = await this.processed.once(consumer, event, (tx) => this.mails.owe(tx, { ...mail, dedupeKey: `${consumer}-${event.id}` }));
    return { sent: outcome.applied, settled: outcome.settled };
  }

  private async recipient(flag: NoticeSwitch): Promise<string | null> {
    const [notifications, general] = await Promise.all([this.settings.get('notifications'), this.settings.get('general')]);
    return notifications.emailNotifications && notifications[flag] && general.adminEmail ? general.adminEmail : null;
  }

  private async mail(to: string, subject: string, text: string) {
    return adminNoticeMail(await this.brands.brand(), to, subject, text);
  }
}
