import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { EventEnvelope } from '../../events/event-catalogue';
import { ProcessedEvents } from '../../events/processed-events.service';
import { JobHandlers } from '../../queue/job-handlers';
import { QueueService } from '../../queue/queue.service';
import { adminNoticeMail } from '../mail/templates';
import { SettingsService } from './settings.service';

export const NEW_MEMBER_NOTICE = 'notify-admin-of-new-member';
export const COURSE_COMPLETION_NOTICE = 'notify-admin-of-course-completion';

type NoticeSwitch = 'newUserNotifications' | 'courseCompletionNotifications' | 'systemAlerts';

/**
 * The effects of Settings > Notifications: emails to the General admin email
 * about new members, course completions and system problems, each behind its
 * switch and the master "email notifications" switch.
 */
@Injectable()
export class AdminNotices implements OnModuleInit {
  private readonly logger = new Logger(AdminNotices.name);

  constructor(
    private readonly settings: SettingsService,
    private readonly queues: QueueService,
    private readonly handlers: JobHandlers,
    private readonly processed: ProcessedEvents,
  ) {}

  onModuleInit(): void {
    this.handlers.consumer(NEW_MEMBER_NOTICE, (event) => {
      const { name, email } = (event as EventEnvelope<'account.created'>).payload;
      return this.fromEvent(NEW_MEMBER_NOTICE, event, 'newUserNotifications', 'New member', `${name} (${email}) created an account.`);
    });
    this.handlers.consumer(COURSE_COMPLETION_NOTICE, (event) => {
      const { userName, courseTitle } = (event as EventEnvelope<'course.completed'>).payload;
      return this.fromEvent(COURSE_COMPLETION_NOTICE, event, 'courseCompletionNotifications', 'Course completed', `${userName} completed the course "${courseTitle}".`);
    });
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

  private async fromEvent(consumer: string, event: EventEnvelope, flag: NoticeSwitch, subject: string, text: string): Promise<{ sent: boolean }> {
    const to = await this.recipient(flag);
    if (!to) return { sent: false };
    const mail = await this.mail(to, subject, text);
    // The marker and the job id both make a redelivered event send one email (not the consumer's own job id, which BullMQ would dedupe away).
    const outcome = await this.processed.once(consumer, event, () => this.queues.enqueue('send-email', mail, { jobId: `mail-${consumer}-${event.id}` }));
    return { sent: outcome.applied };
  }

  private async recipient(flag: NoticeSwitch): Promise<string | null> {
    const [notifications, general] = await Promise.all([this.settings.get('notifications'), this.settings.get('general')]);
    return notifications.emailNotifications && notifications[flag] && general.adminEmail ? general.adminEmail : null;
  }

  private async mail(to: string, subject: string, text: string) {
    return adminNoticeMail((await this.settings.get('general')).siteName, to, subject, text);
  }
}
