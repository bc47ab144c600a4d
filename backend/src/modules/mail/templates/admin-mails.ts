import { escapeHtml, MailWriter, type MailBrand, type RenderedMail } from './mjml-layout';

/* Mails to the site's administrators: in the language of the brand they are given (English, the console's language). */

export function supportMessageMail(brand: MailBrand, to: string, from: { name: string; email: string }, subject: string, message: string): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  w.say('mail.support.wrote', { email: from.email }, { name: { strong: from.name } });
  w.quote(message);
  w.button(`${brand.publicUrl}/admin/support-messages`, t('mail.support.open'));
  return w.mail(to, 'support-message', t('mail.support.subject', { site: brand.siteName, subject }), t('mail.support.preheader', { name: from.name }));
}

export function testMail(brand: MailBrand, to: string): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  w.say('mail.test.body', { site: brand.siteName });
  return w.mail(to, 'test', t('mail.test.subject', { site: brand.siteName }), t('mail.test.preheader'));
}

/** A notice composed by the product (an alert, a dead letter): its text as written. */
export function adminNoticeMail(brand: MailBrand, to: string, subject: string, text: string): RenderedMail {
  const w = new MailWriter(brand);
  w.paragraph({ html: `<div style="white-space:pre-wrap">${escapeHtml(text)}</div>`, text });
  return w.mail(to, 'admin-notice', `${brand.siteName}: ${subject}`, subject);
}
