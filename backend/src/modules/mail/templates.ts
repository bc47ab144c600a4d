import type { OutgoingMail } from './mail.service';

/**
 * Every email the product sends, as plain functions of their data: an HTML
 * part built for mail clients (one 600px table, inline styles, no CSS
 * classes, no scripts or web fonts, a hidden preheader) and a plain-text part
 * with the same facts and links. Every mail names the site and ends with the
 * support contact.
 */

/** Who sends: the site name, its public address and the support contact (Settings > General). */
export interface MailBrand {
  siteName: string;
  publicUrl: string;
  supportEmail: string;
  supportUrl: string;
  /** The IANA zone of Settings > General > Timezone, in which mails show dates (UTC when absent). */
  timeZone?: string;
}

/** A receipt's figures, as the receipt mail and the PDF show them. */
export interface ReceiptFacts {
  number: string;
  paymentId: string;
  amount: string;
  currency: string;
  payCurrency: string;
  network: string;
  paidAt: Date;
}

export const REFUND_POLICY_SUMMARY =
  'Refunds are possible within 30 days of payment if no more than 20% of the content has been accessed. ' +
  'Review takes 3-5 business days and payout 7-10 business days.';

type Mail = Pick<OutgoingMail, 'to' | 'subject' | 'text' | 'html' | 'tag'>;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const FONT = 'font-family:Helvetica,Arial,sans-serif';

/**
 * "2026-11-25 09:59 UTC", or "2026-11-25 01:59 PST" in the Pacific zone of
 * Settings > General > Timezone: unambiguous in every locale and client.
 */
export function mailDate(date: Date, timeZone = 'UTC'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

function supportLines(brand: MailBrand): { html: string; text: string } {
  const parts: string[] = [];
  const text: string[] = [];
  if (brand.supportEmail) {
    parts.push(`email <a href="mailto:${escapeHtml(brand.supportEmail)}" style="color:#4f46e5">${escapeHtml(brand.supportEmail)}</a>`);
    text.push(`email ${brand.supportEmail}`);
  }
  if (brand.supportUrl) {
    parts.push(`visit <a href="${escapeHtml(brand.supportUrl)}" style="color:#4f46e5">${escapeHtml(brand.supportUrl)}</a>`);
    text.push(`visit ${brand.supportUrl}`);
  }
  if (parts.length === 0) return { html: '', text: '' };
  return { html: `Questions? ${parts.join(' or ')}.`, text: `Questions? ${text.join(' or ')}.` };
}

/** The HTML document around a mail's body. */
function layout(brand: MailBrand, preheader: string, body: string): string {
  const support = supportLines(brand);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(brand.siteName)}</title></head>
<body style="margin:0;padding:0;background-color:#f1f5f9">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f1f5f9" style="background-color:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px">
<tr><td style="padding:24px 32px 8px 32px;${FONT};font-size:20px;font-weight:bold;color:#4f46e5"><a href="${escapeHtml(brand.publicUrl)}/" style="color:#4f46e5;text-decoration:none">${escapeHtml(brand.siteName)}</a></td></tr>
<tr><td style="padding:8px 32px 24px 32px;${FONT};font-size:15px;line-height:22px;color:#0f172a">${body}</td></tr>
<tr><td style="padding:16px 32px 24px 32px;border-top:1px solid #e2e8f0;${FONT};font-size:12px;line-height:18px;color:#64748b">${support.html ? `${support.html}<br>` : ''}You received this email because of an account or purchase at ${escapeHtml(brand.siteName)}.</td></tr>
</table></td></tr></table>
</body></html>`;
}

function textLayout(brand: MailBrand, body: string): string {
  const support = supportLines(brand);
  return `${brand.siteName}\n\n${body.trim()}\n\n--\n${support.text ? `${support.text}\n` : ''}You received this email because of an account or purchase at ${brand.siteName}.\n`;
}

function paragraph(html: string): string {
  return `<p style="margin:0 0 16px 0">${html}</p>`;
}

/** A button that survives clients without CSS support (a bordered, padded link in a table cell). */
function button(url: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px 0"><tr><td bgcolor="#4f46e5" style="border-radius:6px"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 22px;${FONT};font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a></td></tr></table>`;
}

function factsTable(rows: Array<[string, string]>): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0;border:1px solid #e2e8f0;border-radius:6px">${rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:8px 12px;${FONT};font-size:14px;color:#64748b;border-bottom:1px solid #e2e8f0">${escapeHtml(k)}</td><td align="right" style="padding:8px 12px;${FONT};font-size:14px;color:#0f172a;border-bottom:1px solid #e2e8f0">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>`;
}

function factsText(rows: Array<[string, string]>): string {
  return rows.map(([k, v]) => `${k}: ${v}`).join('\n');
}

function mail(brand: MailBrand, to: string, tag: string, subject: string, preheader: string, parts: { html: string; text: string }): Mail {
  return { to, tag, subject, text: textLayout(brand, parts.text), html: layout(brand, preheader, parts.html) };
}

export function receiptRows(r: ReceiptFacts, timeZone = 'UTC'): Array<[string, string]> {
  return [
    ['Receipt number', r.number],
    ['Item', 'Lifetime access'],
    ['Amount', `${r.amount} ${r.currency}`],
    ['Paid with', r.network ? `${r.payCurrency} on ${r.network}` : r.payCurrency],
    ['Payment ID', r.paymentId],
    ['Date', mailDate(r.paidAt, timeZone)],
  ];
}

/**
 * Payment received: the receipt, with the single-use "finish creating your
 * account" link while the payment is unclaimed, or a sign-in link when the
 * purchase went to an existing account.
 */
export function receiptMail(
  brand: MailBrand,
  to: string,
  receipt: ReceiptFacts,
  next: { kind: 'claim'; link: string; days: number } | { kind: 'signIn' } | { kind: 'none' },
): Mail {
  const rows = receiptRows(receipt, brand.timeZone);
  const signIn = `${brand.publicUrl}/login`;
  const html: string[] = [
    paragraph(`Thank you for your purchase. Your payment of <strong>${escapeHtml(receipt.amount)} ${escapeHtml(receipt.currency)}</strong> is confirmed.`),
  ];
  const text: string[] = [`Thank you for your purchase. Your payment of ${receipt.amount} ${receipt.currency} is confirmed.`];
  if (next.kind === 'claim') {
    html.push(paragraph(`Finish creating your account to start learning. The link works once, for ${next.days} days, on any device.`));
    html.push(button(next.link, 'Finish creating my account'));
    text.push(`Finish creating your account to start learning (the link works once, for ${next.days} days, on any device):\n${next.link}`);
  } else if (next.kind === 'signIn') {
    html.push(paragraph('Lifetime access was added to your existing account. Sign in to continue learning.'));
    html.push(button(signIn, 'Sign in'));
    text.push(`Lifetime access was added to your existing account. Sign in to continue learning:\n${signIn}`);
  }
  html.push(factsTable(rows));
  text.push(`Receipt\n${factsText(rows)}`);
  html.push(paragraph(`The receipt is attached as a PDF. ${escapeHtml(REFUND_POLICY_SUMMARY)}`));
  text.push(`The receipt is attached as a PDF.\n\nRefund policy: ${REFUND_POLICY_SUMMARY} ${brand.publicUrl}/refund-policy`);
  return mail(brand, to, 'receipt', `Your ${brand.siteName} receipt ${receipt.number}`, `Payment of ${receipt.amount} ${receipt.currency} confirmed`, {
    html: html.join(''),
    text: text.join('\n\n'),
  });
}

/** A day after payment, the account is still not created. */
export function claimReminderMail(brand: MailBrand, to: string, amount: string, currency: string, link: string, days: number): Mail {
  return mail(brand, to, 'claim-reminder', `Reminder: finish creating your ${brand.siteName} account`, 'Your lifetime access is waiting for you', {
    html:
      paragraph(`You paid <strong>${escapeHtml(amount)} ${escapeHtml(currency)}</strong> for lifetime access yesterday, but your account is not created yet.`) +
      paragraph(`Finish it now to start learning. The link works once, on any device, for ${days} days.`) +
      button(link, 'Finish creating my account'),
    text: `You paid ${amount} ${currency} for lifetime access yesterday, but your account is not created yet.\n\nFinish it now to start learning (the link works once, on any device, for ${days} days):\n${link}`,
  });
}

export function welcomeMail(brand: MailBrand, to: string, name: string): Mail {
  const start = `${brand.publicUrl}/dashboard/courses`;
  const account = `${brand.publicUrl}/dashboard/account`;
  return mail(brand, to, 'welcome', `Welcome to ${brand.siteName}`, 'Your account is ready: here is how to start', {
    html:
      paragraph(`Hello ${escapeHtml(name)},`) +
      paragraph(`Welcome to ${escapeHtml(brand.siteName)}! Your account is ready and your lifetime access is active.`) +
      paragraph('How to start: open Courses, pick the first course and mark each lesson complete as you go. The members\u2019 resources are in the sidebar.') +
      button(start, 'Start learning') +
      paragraph(`Your purchases, receipts and account settings are on <a href="${escapeHtml(account)}" style="color:#4f46e5">your account page</a>.`),
    text:
      `Hello ${name},\n\nWelcome to ${brand.siteName}! Your account is ready and your lifetime access is active.\n\n` +
      `How to start: open Courses, pick the first course and mark each lesson complete as you go. The members' resources are in the sidebar.\n\n` +
      `Start learning: ${start}\nYour purchases, receipts and account settings: ${account}`,
  });
}

/** A learner's certificate of completion, the PDF attached, with the public page that verifies it. */
export function certificateMail(brand: MailBrand, to: string, name: string, courseTitle: string, verifyUrl: string): Mail {
  return mail(brand, to, 'certificate', `Your certificate: ${courseTitle}`, `You completed ${courseTitle}`, {
    html:
      paragraph(`Congratulations ${escapeHtml(name)},`) +
      paragraph(`You completed <strong>${escapeHtml(courseTitle)}</strong>. Your certificate of completion is attached as a PDF.`) +
      button(verifyUrl, 'View and share your certificate') +
      paragraph('Anyone can check it at that address, for example from your LinkedIn profile.'),
    text:
      `Congratulations ${name},\n\nYou completed ${courseTitle}. Your certificate of completion is attached as a PDF.\n\n` +
      `View and share it (anyone can verify it there): ${verifyUrl}`,
  });
}

/** A lesson in the daily digest of newly opened lessons, with its address in the learner app. */
export interface OpenedLesson {
  courseTitle: string;
  lessonTitle: string;
  url: string;
}

/** The day's digest: the dripped lessons that opened for a learner since the previous one, grouped by course. */
export function lessonDigestMail(brand: MailBrand, to: string, name: string, lessons: OpenedLesson[]): Mail {
  const courses = new Map<string, OpenedLesson[]>();
  for (const lesson of lessons) courses.set(lesson.courseTitle, [...(courses.get(lesson.courseTitle) ?? []), lesson]);
  const count = lessons.length === 1 ? 'A new lesson is' : `${lessons.length} new lessons are`;
  const subject = lessons.length === 1 ? `New lesson open: ${lessons[0].lessonTitle}` : `${lessons.length} new lessons are open`;
  const html = [...courses]
    .map(
      ([course, items]) =>
        paragraph(`<strong>${escapeHtml(course)}</strong>`) +
        `<ul style="margin:0 0 16px 0;padding-left:20px">${items
          .map((l) => `<li style="margin:0 0 6px 0"><a href="${escapeHtml(l.url)}" style="color:#4f46e5">${escapeHtml(l.lessonTitle)}</a></li>`)
          .join('')}</ul>`,
    )
    .join('');
  const text = [...courses].map(([course, items]) => `${course}\n${items.map((l) => `- ${l.lessonTitle}: ${l.url}`).join('\n')}`).join('\n\n');
  return mail(brand, to, 'lesson-digest', subject, `${count} open for you`, {
    html:
      paragraph(`Hello ${escapeHtml(name)},`) +
      paragraph(`${count} now open for you:`) +
      html +
      button(`${brand.publicUrl}/dashboard/courses`, 'Continue learning'),
    text: `Hello ${name},\n\n${count} now open for you:\n\n${text}\n\nContinue learning: ${brand.publicUrl}/dashboard/courses`,
  });
}

/** A learner's question under a lesson was answered by an instructor. */
export function answerMail(brand: MailBrand, to: string, name: string, lessonTitle: string, answer: string, link: string): Mail {
  return mail(brand, to, 'question-answered', `Your question was answered: ${lessonTitle}`, 'An instructor answered your question', {
    html:
      paragraph(`Hello ${escapeHtml(name)},`) +
      paragraph(`An instructor answered your question under <strong>${escapeHtml(lessonTitle)}</strong>:`) +
      paragraph(escapeHtml(answer)) +
      button(link, 'See the answer'),
    text: `Hello ${name},\n\nAn instructor answered your question under ${lessonTitle}:\n\n${answer}\n\nSee the answer: ${link}`,
  });
}

export function refundProcessedMail(brand: MailBrand, to: string, amount: string, currency: string, paymentId: string, reason: string): Mail {
  const rows: Array<[string, string]> = [
    ['Amount', `${amount} ${currency}`],
    ['Payment ID', paymentId],
    ['Reason', reason],
  ];
  return mail(brand, to, 'refund', `Your ${brand.siteName} refund is processed`, `Refund of ${amount} ${currency}`, {
    html:
      paragraph(`Your refund of <strong>${escapeHtml(amount)} ${escapeHtml(currency)}</strong> is processed. Lifetime access for this payment has ended.`) +
      factsTable(rows) +
      paragraph('The payout reaches you within 7-10 business days.'),
    text: `Your refund of ${amount} ${currency} is processed. Lifetime access for this payment has ended.\n\n${factsText(rows)}\n\nThe payout reaches you within 7-10 business days.`,
  });
}

export function underpaidMail(brand: MailBrand, to: string, amount: string, currency: string, paymentId: string): Mail {
  const retry = `${brand.publicUrl}/payment`;
  return mail(brand, to, 'underpaid', `Your ${brand.siteName} payment was not complete`, 'The amount received was lower than the price', {
    html:
      paragraph(
        `We received less than the price of <strong>${escapeHtml(amount)} ${escapeHtml(currency)}</strong> for payment <strong>${escapeHtml(paymentId)}</strong>, so no access was granted yet.`,
      ) +
      paragraph(
        'What to do: contact support with your payment ID so we can settle the difference or refund what you sent. Please do not pay the full amount again without asking first.',
      ) +
      button(retry, 'Open the payment page'),
    text:
      `We received less than the price of ${amount} ${currency} for payment ${paymentId}, so no access was granted yet.\n\n` +
      `What to do: contact support with your payment ID so we can settle the difference or refund what you sent. Please do not pay the full amount again without asking first.\n\nPayment page: ${retry}`,
  });
}

export function emailChangeMail(brand: MailBrand, to: string, name: string, link: string, hours: number): Mail {
  return mail(brand, to, 'email-change', `Confirm your new ${brand.siteName} email address`, 'One click to confirm your new address', {
    html:
      paragraph(`Hello ${escapeHtml(name)},`) +
      paragraph(`Confirm that this address should become the email of your ${escapeHtml(brand.siteName)} account. The link works once, for ${hours} hours.`) +
      button(link, 'Confirm my new email') +
      paragraph('If you did not ask for this, ignore this email: nothing changes.'),
    text: `Hello ${name},\n\nConfirm that this address should become the email of your ${brand.siteName} account (the link works once, for ${hours} hours):\n${link}\n\nIf you did not ask for this, ignore this email: nothing changes.`,
  });
}

export function supportMessageMail(brand: MailBrand, to: string, from: { name: string; email: string }, subject: string, message: string): Mail {
  const console = `${brand.publicUrl}/admin/support-messages`;
  return mail(brand, to, 'support-message', `${brand.siteName} support: ${subject}`, `A message from ${from.name}`, {
    html:
      paragraph(`<strong>${escapeHtml(from.name)}</strong> (${escapeHtml(from.email)}) wrote:`) +
      `<div style="margin:0 0 16px 0;padding:12px;border-left:3px solid #4f46e5;background-color:#f8fafc;white-space:pre-wrap">${escapeHtml(message)}</div>` +
      button(console, 'Open in the console'),
    text: `${from.name} (${from.email}) wrote:\n\n${message}\n\nOpen in the console: ${console}`,
  });
}

export function passwordResetMail(brand: MailBrand, to: string, link: string, minutes: number): Mail {
  return mail(brand, to, 'password-reset', `Reset your ${brand.siteName} password`, 'A link to choose a new password', {
    html:
      paragraph('Someone asked to reset the password of your account.') +
      button(link, 'Set a new password') +
      paragraph(`The link works once, for ${minutes} minutes. If it was not you, ignore this email: your password stays the same.`),
    text: `Someone asked to reset the password of your ${brand.siteName} account.\n\nSet a new password here (valid for ${minutes} minutes, once):\n${link}\n\nIf it was not you, ignore this email: your password stays the same.`,
  });
}

export function invitationMail(brand: MailBrand, to: string, name: string, link: string): Mail {
  return mail(brand, to, 'invitation', `Your ${brand.siteName} account is ready`, 'Choose your password to sign in', {
    html:
      paragraph(`Hello ${escapeHtml(name)},`) +
      paragraph('An administrator created your account. Choose your password to sign in.') +
      button(link, 'Choose my password'),
    text: `Hello ${name},\n\nAn administrator created your ${brand.siteName} account. Choose your password here (valid for 24 hours):\n${link}`,
  });
}

export function testMail(brand: MailBrand, to: string): Mail {
  return mail(brand, to, 'test', `${brand.siteName}: test email`, 'Your email settings work', {
    html: paragraph('This is a test email. Your email settings work.'),
    text: `This is a test email from ${brand.siteName}. Your email settings work.`,
  });
}

export function adminNoticeMail(brand: MailBrand, to: string, subject: string, text: string): Mail {
  return mail(brand, to, 'admin-notice', `${brand.siteName}: ${subject}`, subject, {
    html: `<div style="white-space:pre-wrap">${escapeHtml(text)}</div>`,
    text,
  });
}
