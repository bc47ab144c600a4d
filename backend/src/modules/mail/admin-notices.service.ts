import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import type { EventEnvelope } from '../../events/event-catalogue';
import { Consumes } from '../../events/event-consumers';
import { JobHandlers, type DeadLetter } from '../../queue/job-handlers';
import { QueueService } from '../../queue/queue.service';
import { REDIS } from '../../redis/redis.module';
import { SettingsService } from '../settings';
import { NOTIFY_ADMIN_OF_COURSE_COMPLETION, NOTIFY_ADMIN_OF_NEW_MEMBER, NOTIFY_ADMIN_OF_REFUND_REQUEST } from './jobs/consumers';
import { MailBrandService } from './mail-brand.service';
import { adminNoticeMail } from './templates';

type NoticeSwitch = 'emailNotifications' | 'newUserNotifications' | 'courseCompletionNotifications' | 'systemAlerts';

/** At most one dead-letter alert mail per window; the others are counted into the next one. */
const DEAD_LETTER_ALERT_WINDOW_SECONDS = 600;

/**
 * The effects of Settings > Notifications: emails to the General admin email
 * about new members, course completions and system problems (dead letters,
 * failed backups), each behind its switch and the master "email
 * notifications" switch.
 */
@Injectable()
export class AdminNotices implements OnModuleInit {
  private readonly logger = new Logger(AdminNotices.name);

  constructor(
    private readonly settings: SettingsService,
    private readonly queues: QueueService,
    private readonly handlers: JobHandlers,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly brands: MailBrandService,
  ) {}

  onModuleInit(): void {
    this.handlers.onDeadLetter((letter) => this.deadLetterAlert(letter));
  }

  @Consumes(NOTIFY_ADMIN_OF_NEW_MEMBER)
  newMember(event: EventEnvelope<'account.created'>): Promise<{ sent: boolean }> {
    return this.fromEvent(
      NOTIFY_ADMIN_OF_NEW_MEMBER.name,
      event,
      'newUserNotifications',
      'New member',
      `${event.payload.name} (${event.payload.email}) created an account.`,
    );
  }

  @Consumes(NOTIFY_ADMIN_OF_COURSE_COMPLETION)
  courseCompleted(event: EventEnvelope<'course.completed'>): Promise<{ sent: boolean }> {
    return this.fromEvent(
      NOTIFY_ADMIN_OF_COURSE_COMPLETION.name,
      event,
      'courseCompletionNotifications',
      'Course completed',
      `${event.payload.userName} completed the course "${event.payload.courseTitle}".`,
    );
  }

  @Consumes(NOTIFY_ADMIN_OF_REFUND_REQUEST)
  refundRequested(event: EventEnvelope<'refund.requested'>): Promise<{ sent: boolean }> {
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

  /** A system problem the admin should hear about (a failed backup...). Never throws: an alert must not break the work that raised it. */
  async systemAlert(subject: string, text: string): Promise<void> {
    try {
      const to = await this.recipient('systemAlerts');
      if (to) await this.queues.enqueue('send-email', await this.mail(to, subject, text));
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, subject }, 'System alert not sent');
    }
  }

  /** A job failed for good. Mail about mail cannot arrive, so a dead send-email is only logged. */
  private async deadLetterAlert(letter: DeadLetter): Promise<void> {
    this.logger.warn({ ...letter }, 'Dead letter: a job failed for good');
    if (letter.name === 'send-email' || letter.alertsItself) return;
    const key = 'alert:dead-letters';
    const first = await this.redis.set(key, '0', 'EX', DEAD_LETTER_ALERT_WINDOW_SECONDS, 'NX');
    if (first !== 'OK') {
      await this.redis.incr(key);
      return;
    }
    await this.systemAlert(
      'A background job failed for good',
      `The job "${letter.name}" (queue ${letter.queue}, job ${letter.jobId}${letter.eventId ? `, event ${letter.eventId}` : ''}) stopped retrying after ${letter.attemptsMade} attempts: ${letter.error}\n\n` +
        `Further dead letters in the next ${DEAD_LETTER_ALERT_WINDOW_SECONDS / 60} minutes are not mailed one by one. Review and retry them in Admin > Queues > Dead letters.`,
    );
  }

  private async fromEvent(consumer: string, event: EventEnvelope, flag: NoticeSwitch, subject: string, text: string): Promise<{ sent: boolean }> {
    const to = await this.recipient(flag);
    if (!to) return { sent: false };
    // The job id makes a redelivered event queue one email while the first is still known to the queue.
    await this.queues.enqueue('send-email', await this.mail(to, subject, text), { jobId: `mail-${consumer}-${event.id}` });
    return { sent: true };
  }

  private async recipient(flag: NoticeSwitch): Promise<string | null> {
    const [notifications, general] = await Promise.all([this.settings.get('notifications'), this.settings.get('general')]);
    return notifications.emailNotifications && notifications[flag] && general.adminEmail ? general.adminEmail : null;
  }

  private async mail(to: string, subject: string, text: string) {
    return adminNoticeMail(await this.brands.brand(), to, subject, text);
  }
}
