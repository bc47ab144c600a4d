function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(siteName: string, body: string): string {
  return `<div style="font-family:Helvetica,Arial,sans-serif;max-width:560px;margin:auto;color:#0f172a">
<h2 style="color:#4f46e5">${escapeHtml(siteName)}</h2>${body}
<p style="color:#64748b;font-size:12px">You received this email because of an action on ${escapeHtml(siteName)}.</p></div>`;
}

function button(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

export function passwordResetMail(siteName: string, to: string, link: string, minutes: number) {
  return {
    to,
    tag: 'password-reset',
    subject: `Reset your ${siteName} password`,
    text: `Someone asked to reset the password of your ${siteName} account.\n\nSet a new password here (valid for ${minutes} minutes, once):\n${link}\n\nIf it was not you, ignore this email: your password stays the same.`,
    html: layout(siteName, `<p>Someone asked to reset the password of your account.</p>${button(link, 'Set a new password')}<p>The link works once, for ${minutes} minutes. If it was not you, ignore this email.</p>`),
  };
}

export function invitationMail(siteName: string, to: string, name: string, link: string) {
  return {
    to,
    tag: 'invitation',
    subject: `Your ${siteName} account is ready`,
    text: `Hello ${name},\n\nAn administrator created your ${siteName} account. Choose your password here (valid for 24 hours):\n${link}`,
    html: layout(siteName, `<p>Hello ${escapeHtml(name)},</p><p>An administrator created your account. Choose your password to sign in.</p>${button(link, 'Choose my password')}`),
  };
}

export function testMail(siteName: string, to: string) {
  return {
    to,
    tag: 'test',
    subject: `${siteName}: test email`,
    text: `This is a test email from ${siteName}. Your email settings work.`,
    html: layout(siteName, '<p>This is a test email. Your email settings work.</p>'),
  };
}

export function adminNoticeMail(siteName: string, to: string, subject: string, text: string) {
  return { to, tag: 'admin-notice', subject: `${siteName}: ${subject}`, text, html: layout(siteName, `<p>${escapeHtml(text)}</p>`) };
}
