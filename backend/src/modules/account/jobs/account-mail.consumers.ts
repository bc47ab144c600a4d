import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { appConfig } from '../../../config';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import { answerMail, emailChangeMail, lessonDigestMail, MailBrandService, MailService, supportMessageMail, welcomeMail } from '../../mail';
import { AccessService, UsersService } from '../../users';
import { EMAIL_CHANGE_HOURS, EmailChangeLinks } from '../email-change-links';
import { FORWARD_SUPPORT_MESSAGE, SEND_ANSWER_MAIL, SEND_EMAIL_CHANGE_LINK, SEND_LESSON_DIGEST, SEND_WELCOME } from './consumers';

/** The account's mail, each sent by a worker from its event, once per event (dedupe key). */
@Injectable()
export class AccountMailConsumers {
  constructor(
    private readonly users: UsersService,
    private readonly access: AccessService,
    private readonly links: EmailChangeLinks,
    private readonly mail: MailService,
    private readonly brands: MailBrandService,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  @Consumes(SEND_WELCOME)
  async welcome(event: EventEnvelope<'account.created'>): Promise<{ sent: boolean }> {
    const user = await this.users.findById(event.payload.userId);
    if (!user || user.status !== 'active') return { sent: false };
    await this.mail.send(
      { ...welcomeMail(await this.brands.brand(), user.email, user.name), dedupeKey: `welcome-${user.id}` },
      { jobId: `welcome-${event.id}` },
    );
    return { sent: true };
  }

  /** The link is signed for the account's email at this moment, so it stops working once any change is confirmed. */
  @Consumes(SEND_EMAIL_CHANGE_LINK)
  async emailChangeLink(event: EventEnvelope<'account.email_change_requested'>): Promise<{ sent: boolean }> {
    const p = event.payload;
    const user = await this.users.findById(p.userId);
    if (!user || user.status !== 'active') return { sent: false };
    const token = this.links.token({ userId: user.id, currentEmail: user.email, newEmail: p.newEmail });
    const link = `${this.app.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    await this.mail.send(
      { ...emailChangeMail(await this.brands.brand(), p.newEmail, user.name, link, EMAIL_CHANGE_HOURS), dedupeKey: `email-change-${event.id}` },
      { jobId: `email-change-${event.id}` },
    );
    return { sent: true };
  }

  @Consumes(FORWARD_SUPPORT_MESSAGE)
  async forwardSupportMessage(event: EventEnvelope<'support.message_received'>): Promise<{ sent: boolean }> {
    const p = event.payload;
    const brand = await this.brands.brand();
    if (!brand.supportEmail) return { sent: false };
    await this.mail.send(
      { ...supportMessageMail(brand, brand.supportEmail, { name: p.name, email: p.email }, p.subject, p.message), dedupeKey: `support-message-${p.messageId}` },
      { jobId: `support-message-${p.messageId}` },
    );
    return { sent: true };
  }

  @Consumes(SEND_ANSWER_MAIL)
  async answerMail(event: EventEnvelope<'question.answered'>): Promise<{ sent: boolean }> {
    const p = event.payload;
    const user = await this.users.findById(p.askerId);
    if (!user || user.status !== 'active') return { sent: false };
    const link = `${this.app.publicUrl}/course/${p.courseId}?lesson=${p.lessonId}`;
    await this.mail.send(
      { ...answerMail(await this.brands.brand(), user.email, user.name, p.lessonTitle, p.answer, link), dedupeKey: `answer-${p.questionId}` },
      { jobId: `answer-mail-${p.questionId}` },
    );
    return { sent: true };
  }

  /** The day's digest of newly opened lessons, once per learner and day, to learners who still have access. */
  @Consumes(SEND_LESSON_DIGEST)
  async lessonDigest(event: EventEnvelope<'lessons.opened'>): Promise<{ sent: boolean }> {
    const p = event.payload;
    const user = await this.users.findById(p.userId);
    if (!user || user.status !== 'active' || !(await this.access.hasAccess(user.id))) return { sent: false };
    const lessons = p.lessons.map((l) => ({
      courseTitle: l.courseTitle,
      lessonTitle: l.lessonTitle,
      url: `${this.app.publicUrl}/course/${l.courseId}?lesson=${l.lessonId}`,
    }));
    const key = `lesson-digest-${p.day}-${p.userId}`;
    await this.mail.send({ ...lessonDigestMail(await this.brands.brand(), user.email, user.name, lessons), dedupeKey: key }, { jobId: key });
    return { sent: true };
  }
}
