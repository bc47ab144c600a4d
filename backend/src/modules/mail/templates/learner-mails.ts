import { formatDateTime } from '../../../common/i18n';
import { escapeHtml, MailWriter, type MailBrand, type RenderedMail } from './mjml-layout';

export function welcomeMail(brand: MailBrand, to: string, name: string): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  w.say('mail.common.hello', { name });
  w.say('mail.welcome.ready', { site: brand.siteName });
  w.say('mail.welcome.howToStart');
  w.button(`${brand.publicUrl}/dashboard/courses`, t('mail.welcome.start'));
  w.say('mail.welcome.account', {}, { page: { link: `${brand.publicUrl}/dashboard/account`, label: t('mail.welcome.accountPage') } });
  return w.mail(to, 'welcome', t('mail.welcome.subject', { site: brand.siteName }), t('mail.welcome.preheader'));
}

/** A learner's certificate of completion, the PDF attached, with the public page that verifies it. */
export function certificateMail(brand: MailBrand, to: string, name: string, courseTitle: string, verifyUrl: string): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  w.say('mail.certificate.congratulations', { name });
  w.say('mail.certificate.completed', {}, { course: { strong: courseTitle } });
  w.button(verifyUrl, t('mail.certificate.view'));
  w.say('mail.certificate.verify');
  return w.mail(to, 'certificate', t('mail.certificate.subject', { course: courseTitle }), t('mail.certificate.preheader', { course: courseTitle }));
}

/** A lesson in the daily digest of newly opened lessons, with its address in the learner app. */
export interface OpenedLesson {
  courseTitle: string;
  lessonTitle: string;
  url: string;
}

/** The day's digest: the dripped lessons that opened for a learner since the previous one, grouped by course. */
export function lessonDigestMail(brand: MailBrand, to: string, name: string, lessons: OpenedLesson[]): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  const courses = new Map<string, OpenedLesson[]>();
  for (const lesson of lessons) courses.set(lesson.courseTitle, [...(courses.get(lesson.courseTitle) ?? []), lesson]);
  w.say('mail.common.hello', { name });
  w.say('mail.digest.open', { count: lessons.length });
  for (const [course, items] of courses) {
    w.paragraph({
      html:
        `<strong>${escapeHtml(course)}</strong>` +
        `<ul style="margin:8px 0 0 0;padding-left:20px">${items
          .map((l) => `<li style="margin:0 0 6px 0"><a href="${escapeHtml(l.url)}" style="color:#4f46e5">${escapeHtml(l.lessonTitle)}</a></li>`)
          .join('')}</ul>`,
      text: `${course}\n${items.map((l) => `- ${l.lessonTitle}: ${l.url}`).join('\n')}`,
    });
  }
  w.button(`${brand.publicUrl}/dashboard/courses`, t('mail.digest.continue'));
  const subject = lessons.length === 1 ? t('mail.digest.subjectOne', { lesson: lessons[0].lessonTitle }) : t('mail.digest.subject', { count: lessons.length });
  return w.mail(to, 'lesson-digest', subject, t('mail.digest.open', { count: lessons.length }));
}

/** A learner's question under a lesson was answered by an instructor. */
export function answerMail(brand: MailBrand, to: string, name: string, lessonTitle: string, answer: string, link: string): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  w.say('mail.common.hello', { name });
  w.say('mail.answer.body', {}, { lesson: { strong: lessonTitle } });
  w.quote(answer);
  w.button(link, t('mail.answer.see'));
  return w.mail(to, 'question-answered', t('mail.answer.subject', { lesson: lessonTitle }), t('mail.answer.preheader'));
}

export function emailChangeMail(brand: MailBrand, to: string, name: string, link: string, hours: number): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  w.say('mail.common.hello', { name });
  w.say('mail.emailChange.confirm', { site: brand.siteName, hours });
  w.button(link, t('mail.emailChange.button'));
  w.say('mail.emailChange.notYou');
  return w.mail(to, 'email-change', t('mail.emailChange.subject', { site: brand.siteName }), t('mail.emailChange.preheader'));
}

/**
 * A security notice to the address an account had before its email changed:
 * the new address, when, and what to do if the owner did not change it (the
 * old inbox is where a hijacked account's owner still reads mail).
 */
export function emailChangedNoticeMail(brand: MailBrand, to: string, name: string, newEmail: string, changedAt: Date): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  const when = formatDateTime({ language: brand.language, timeZone: brand.timeZone ?? 'UTC' }, changedAt);
  const contact = brand.supportEmail || brand.supportUrl;
  w.say('mail.common.hello', { name });
  w.say('mail.emailChanged.body', { site: brand.siteName, when }, { email: { strong: newEmail } });
  w.say(contact ? 'mail.emailChanged.contactSupport' : 'mail.emailChanged.reply', { contact });
  return w.mail(to, 'email-changed', t('mail.emailChanged.subject', { site: brand.siteName }), t('mail.emailChanged.preheader'));
}

export function passwordResetMail(brand: MailBrand, to: string, link: string, minutes: number): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  w.say('mail.passwordReset.asked', { site: brand.siteName });
  w.button(link, t('mail.passwordReset.button'));
  w.say('mail.passwordReset.validity', { minutes });
  return w.mail(to, 'password-reset', t('mail.passwordReset.subject', { site: brand.siteName }), t('mail.passwordReset.preheader'));
}

export function invitationMail(brand: MailBrand, to: string, name: string, link: string): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  w.say('mail.common.hello', { name });
  w.say('mail.invitation.body', { site: brand.siteName });
  w.button(link, t('mail.invitation.button'));
  return w.mail(to, 'invitation', t('mail.invitation.subject', { site: brand.siteName }), t('mail.invitation.preheader'));
}
