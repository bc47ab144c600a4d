import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { appConfig } from '../../../config';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import { ProcessedEvents, type Consumed } from '../../../events/processed-events.service';
import {
  answerMail,
  emailChangedNoticeMail,
  emailChangeMail,
  lessonDigestMail,
  MailBrandService,
  MailService,
  supportMessageMail,
  welcomeMail,
  type OutgoingMail,
} from '../../mail';
import { AccessService, UsersService } from '../../users';
import { EMAIL_CHANGE_HOURS, EmailChangeLinks } from '../email-change-links';
import { FORWARD_SUPPORT_MESSAGE, SEND_ANSWER_MAIL, SEND_EMAIL_CHANGE_LINK, SEND_EMAIL_CHANGED_NOTICE, SEND_LESSON_DIGEST, SEND_WELCOME } from './consumers';

/** The account's mail, each owed by a worker in the transaction that records its event, once per event (dedupe key). */
@Injectable()
export class AccountMailConsumers {
  constructor(
    private readonly users: UsersService,
    private readonly access: AccessService,
    private readonly links: EmailChangeLinks,
    private readonly mail: MailService,
    private readonly brands: MailBrandService,
    private readonly processed: ProcessedEvents,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  private async owe(consumer: string, event: EventEnvelope, mail: OutgoingMail): Promise<Consumed<{ sent: boolean }>> {
    const outcome = await this.processed.once(consumer, event, (tx) => this.mail.owe(tx, mail));
    return { sent: outcome.applied, settled: outcome.settled };
  }

  @Consumes(SEND_WELCOME)
  async welcome(event: EventEnvelope<'account.created'>): Promise<Consumed<{ sent: boolean }>> {
    const user = await this.users.findById(event.payload.userId);
    if (!user || user.status !== 'active') return { sent: false };
    return this.owe(SEND_WELCOME.name, event, {
      ...welcomeMail(await this.brands.brandFor(user.language), user.email, user.name),
      dedupeKey: `welcome-${user.id}`,
    });
  }

  /** The link is signed for the account's email at this moment, so it stops working once any change is confirmed. */
  @Consumes(SEND_EMAIL_CHANGE_LINK)
  async emailChangeLink(event: EventEnvelope<'account.email_change_requested'>): Promise<Consumed<{ sent: boolean }>> {
    const p = event.payload;
    const user = await this.users.findById(p.userId);
    if (!user || user.status !== 'active') return { sent: false };
    const token = this.links.token({ userId: user.id, currentEmail: user.email, newEmail: p.newEmail });
    const link = `${this.app.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    return this.owe(SEND_EMAIL_CHANGE_LINK.name, event, {
      ...emailChangeMail(await this.brands.brandFor(user.language), p.newEmail, user.name, link, EMAIL_CHANGE_HOURS),
      dedupeKey: `email-change-${event.id}`,
    });
  }

  /** To the previous address, whatever the account's state now: it is a notice about the change, not a mail for the account. */
  @Consumes(SEND_EMAIL_CHANGED_NOTICE)
  async emailChangedNotice(event: EventEnvelope<'account.email_changed'>): Promise<Consumed<{ sent: boolean }>> {
    const p = event.payload;
    const user = await this.users.findById(p.userId);
    if (!user) return { sent: false };
    return this.owe(SEND_EMAIL_CHANGED_NOTICE.name, event, {
      ...emailChangedNoticeMail(await this.brands.brandFor(user.language), p.previousEmail, user.name, p.email, new Date(event.occurredAt)),
      dedupeKey: `email-changed-${event.id}`,
    });
  }

  @Consumes(FORWARD_SUPPORT_MESSAGE)
  async forwardSupportMessage(event: EventEnvelope<'support.message_received'>): Promise<Consumed<{ sent: boolean }>> {
    const p = event.payload;
    const brand = await this.brands.brand();
    if (!brand.supportEmail) return { sent: false };
    return this.owe(FORWARD_SUPPORT_MESSAGE.name, event, {
      ...supportMessageMail(brand, brand.supportEmail, { name: p.name, email: p.email }, p.subject, p.message),
      dedupeKey: `support-message-${p.messageId}`,
    });
  }

  @Consumes(SEND_ANSWER_MAIL)
  async answerMail(event: EventEnvelope<'question.answered'>): Promise<Consumed<{ sent: boolean }>> {
    const p = event.payload;
    const user = await this.users.findById(p.askerId);
    if (!user || user.status !== 'active') return { sent: false };
    const link = `${this.app.publicUrl}/course/${p.courseId}?lesson=${p.lessonId}`;
    return this.owe(SEND_ANSWER_MAIL.name, event, {
      ...answerMail(await this.brands.brandFor(user.language), user.email, user.name, p.lessonTitle, p.answer, link),
      dedupeKey: `answer-${p.questionId}`,
    });
  }

  /** The day's digest of newly opened lessons, once per learner and day, to learners who still have access. */
  @Consumes(SEND_LESSON_DIGEST)
  async lessonDigest(event: EventEnvelope<'lessons.opened'>): Promise<Consumed<{ sent: boolean }>> {
    const p = event.payload;
    const user = await this.users.findById(p.userId);
    if (!user || user.status !== 'active' || !(await this.access.hasAccess(user.id))) return { sent: false };
    const lessons = p.lessons.map((l) => ({
      courseTitle: l.courseTitle,
      lessonTitle: l.lessonTitle,
      url: `${this.app.publicUrl}/course/${l.courseId}?lesson=${l.lessonId}`,
    }));
    const key = `lesson-digest-${p.day}-${p.userId}`;
    return this.owe(SEND_LESSON_DIGEST.name, event, {
      ...lessonDigestMail(await this.brands.brandFor(user.language), user.email, user.name, lessons),
      dedupeKey: key,
    });
  }
}
