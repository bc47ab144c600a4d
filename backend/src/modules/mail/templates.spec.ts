import {
  adminNoticeMail,
  claimReminderMail,
  emailChangeMail,
  invitationMail,
  lessonDigestMail,
  passwordResetMail,
  receiptMail,
  refundProcessedMail,
  supportMessageMail,
  testMail,
  underpaidMail,
  welcomeMail,
  type MailBrand,
} from './templates';

const brand: MailBrand = {
  siteName: 'Bright & Co Academy',
  publicUrl: 'https://learn.example.com',
  supportEmail: 'help@bright.example',
  supportUrl: 'https://help.bright.example',
};
const receipt = {
  number: 'R-001042',
  paymentId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  amount: '497.00',
  currency: 'USD',
  payCurrency: 'USDT',
  network: 'Tron (TRC-20)',
  paidAt: new Date('2026-11-20T10:05:00Z'),
};

type Rendered = { to: string; subject: string; text: string; html?: string; tag?: string };

/** The href values of an HTML part, entity-decoded as a mail client reads them. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))));
}

/** What every mail must have: the site name (escaped in HTML), the support contact in both parts, a well-formed HTML document. */
function expectFrame(mail: Rendered): void {
  expect(mail.text).toContain('Bright & Co Academy');
  expect(mail.html).toContain('Bright &#38; Co Academy');
  expect(mail.html).not.toContain('Bright & Co');
  for (const part of [mail.text, mail.html!]) {
    expect(part).toContain('help@bright.example');
    expect(part).toContain('https://help.bright.example');
  }
  expect(mail.html).toMatch(/^<!DOCTYPE html>/);
  expect(mail.html).toContain('</html>');
  expect(mail.html).not.toMatch(/<script|<style|class=/i);
  expect(hrefs(mail.html!)).toContain('mailto:help@bright.example');
}

describe('mail templates', () => {
  it('receipt with the finish-your-account link: figures, refund policy and the same link in both parts', () => {
    const link = 'https://learn.example.com/thank-you?paymentId=7c9e6679-7425-40de-944b-e07fc1f90ae7#claim=1795.abc';
    const mail = receiptMail(brand, 'buyer@example.com', receipt, { kind: 'claim', link, days: 14 });
    expectFrame(mail);
    expect(mail).toMatchObject({ to: 'buyer@example.com', tag: 'receipt', subject: 'Your Bright & Co Academy receipt R-001042' });
    for (const part of [mail.text, mail.html!]) {
      for (const figure of ['R-001042', '497.00 USD', 'USDT on Tron (TRC-20)', receipt.paymentId, '2026-11-20 10:05 UTC', '30 days', '14 days'])
        expect(part).toContain(figure);
    }
    expect(mail.text).toContain(link);
    expect(hrefs(mail.html!)).toContain(link);
    expect(mail.text).toContain('https://learn.example.com/refund-policy');
  });

  it('receipt for a purchase added to an existing account: a sign-in link, no account link', () => {
    const mail = receiptMail(brand, 'member@example.com', receipt, { kind: 'signIn' });
    expectFrame(mail);
    expect(mail.text).toContain('https://learn.example.com/login');
    expect(hrefs(mail.html!)).toContain('https://learn.example.com/login');
    expect(mail.text).not.toContain('thank-you');
    expect(mail.text).toContain('497.00 USD');
  });

  it('claim reminder', () => {
    const link = 'https://learn.example.com/thank-you?paymentId=p1#claim=9.x';
    const mail = claimReminderMail(brand, 'buyer@example.com', '497.00', 'USD', link, 14);
    expectFrame(mail);
    expect(mail.subject).toBe('Reminder: finish creating your Bright & Co Academy account');
    expect(mail.text).toContain('497.00 USD');
    expect(mail.text).toContain(link);
    expect(hrefs(mail.html!)).toContain(link);
  });

  it('welcome: how to start, with the courses and account links', () => {
    const mail = welcomeMail(brand, 'new@example.com', 'Ada <Admin>');
    expectFrame(mail);
    expect(mail.subject).toBe('Welcome to Bright & Co Academy');
    expect(mail.html).toContain('Ada &#60;Admin&#62;');
    expect(mail.text).toContain('Hello Ada <Admin>');
    for (const url of ['https://learn.example.com/dashboard/courses', 'https://learn.example.com/dashboard/account']) {
      expect(mail.text).toContain(url);
      expect(hrefs(mail.html!)).toContain(url);
    }
  });

  it('refund processed: amount, payment and reason', () => {
    const mail = refundProcessedMail(brand, 'buyer@example.com', '497.00', 'USD', receipt.paymentId, 'Requested by the learner');
    expectFrame(mail);
    for (const part of [mail.text, mail.html!]) {
      for (const figure of ['497.00 USD', receipt.paymentId, 'Requested by the learner', '7-10 business days']) expect(part).toContain(figure);
    }
  });

  it('underpaid: what happened and what to do, with the payment page', () => {
    const mail = underpaidMail(brand, 'buyer@example.com', '497.00', 'USD', receipt.paymentId);
    expectFrame(mail);
    expect(mail.subject).toBe('Your Bright & Co Academy payment was not complete');
    for (const part of [mail.text, mail.html!]) {
      for (const figure of ['497.00 USD', receipt.paymentId, 'What to do', 'contact support']) expect(part).toContain(figure);
    }
    expect(hrefs(mail.html!)).toContain('https://learn.example.com/payment');
  });

  it('email change confirmation', () => {
    const link = 'https://learn.example.com/confirm-email?token=abc.def';
    const mail = emailChangeMail(brand, 'new@example.com', 'Ada', link, 24);
    expectFrame(mail);
    expect(mail.to).toBe('new@example.com');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('24 hours');
    expect(hrefs(mail.html!)).toContain(link);
  });

  it('lesson digest: the opened lessons grouped by course, each linked, titles escaped in HTML', () => {
    const link = (id: number) => `https://learn.example.com/course/3?lesson=${id}`;
    const mail = lessonDigestMail(brand, 'grace@example.com', 'Grace', [
      { courseTitle: 'Traffic <101>', lessonTitle: 'Paid & organic', url: link(11) },
      { courseTitle: 'Traffic <101>', lessonTitle: 'Retargeting', url: link(12) },
      { courseTitle: 'Offers', lessonTitle: 'Pricing', url: 'https://learn.example.com/course/4?lesson=20' },
    ]);
    expectFrame(mail);
    expect(mail.tag).toBe('lesson-digest');
    expect(mail.subject).toBe('3 new lessons are open');
    expect(mail.text).toContain(
      `Traffic <101>\n- Paid & organic: ${link(11)}\n- Retargeting: ${link(12)}\n\nOffers\n- Pricing: https://learn.example.com/course/4?lesson=20`,
    );
    expect(mail.html).toContain('Traffic &#60;101&#62;');
    expect(mail.html).toContain('Paid &#38; organic');
    expect(hrefs(mail.html!)).toEqual(expect.arrayContaining([link(11), link(12), 'https://learn.example.com/course/4?lesson=20']));
    expect(lessonDigestMail(brand, 'grace@example.com', 'Grace', [{ courseTitle: 'Offers', lessonTitle: 'Pricing', url: link(20) }]).subject).toBe(
      'New lesson open: Pricing',
    );
  });

  it('support message to the admin: the text escaped in HTML, kept as written in text', () => {
    const mail = supportMessageMail(brand, 'help@bright.example', { name: 'Ada', email: 'ada@example.com' }, 'Refund?', '<img src=x onerror=alert(1)> please');
    expectFrame(mail);
    expect(mail.subject).toBe('Bright & Co Academy support: Refund?');
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain('<img src=x onerror=alert(1)> please');
    expect(mail.text).toContain('ada@example.com');
    expect(hrefs(mail.html!)).toContain('https://learn.example.com/admin/support-messages');
  });

  it('password reset, invitation, test email and admin notices keep their links and the site name', () => {
    const reset = passwordResetMail(brand, 'a@example.com', 'https://learn.example.com/reset-password?token=t1', 30);
    const invite = invitationMail(brand, 'b@example.com', 'Bea', 'https://learn.example.com/reset-password?token=t2');
    for (const [mail, link] of [
      [reset, 'https://learn.example.com/reset-password?token=t1'],
      [invite, 'https://learn.example.com/reset-password?token=t2'],
    ] as const) {
      expectFrame(mail);
      expect(mail.text).toContain(link);
      expect(hrefs(mail.html!)).toContain(link);
    }
    expect(reset.text).toContain('30 minutes');
    expectFrame(testMail(brand, 'admin@example.com'));
    const notice = adminNoticeMail(brand, 'admin@example.com', 'Refund requested', 'Ada asked for a refund of 497.00 USD.');
    expectFrame(notice);
    expect(notice.subject).toBe('Bright & Co Academy: Refund requested');
    expect(notice.html).toContain('497.00 USD');
  });

  it('leaves the support line out when no support contact is set', () => {
    const mail = welcomeMail({ ...brand, supportEmail: '', supportUrl: '' }, 'new@example.com', 'Ada');
    expect(mail.text).not.toContain('Questions?');
    expect(mail.html).not.toContain('Questions?');
  });
});
