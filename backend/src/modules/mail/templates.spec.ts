import {
  adminNoticeMail,
  affiliatePayoutMail,
  alreadyOwnedMail,
  answerMail,
  certificateMail,
  claimReminderMail,
  commissionApprovedMail,
  emailChangeMail,
  emailChangedNoticeMail,
  invitationMail,
  lessonDigestMail,
  passwordResetMail,
  receiptMail,
  refundDeclinedMail,
  refundProcessedMail,
  supportMessageMail,
  testMail,
  underpaidMail,
  welcomeMail,
  compiledShapes,
  type MailBrand,
} from './templates';
import type { Language } from '../../common/i18n';

const brand: MailBrand = {
  siteName: 'Bright & Co Academy',
  publicUrl: 'https://learn.example.com',
  supportEmail: 'help@bright.example',
  supportUrl: 'https://help.bright.example',
  language: 'en',
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

const approvedCommission = { amount: '149.10', currency: 'EUR', createdAt: new Date('2026-10-21T09:00:00Z'), payableAt: receipt.paidAt };
const affiliatePayout = { amount: '298.20', currency: 'EUR', method: 'bank' as const, reference: 'Batch <7>', paidAt: receipt.paidAt };

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
  // MJML's output: a complete document, no scripts, nothing left of MJML or of the slots.
  expect(mail.html).toMatch(/^<!doctype html>/i);
  expect(mail.html).toContain('</html>');
  expect(mail.html).not.toMatch(/<script|<mj-|\{\{/i);
  expect(hrefs(mail.html!)).toContain('mailto:help@bright.example');
}

describe('mail templates', () => {
  it('receipt with the finish-your-account link: figures, refund policy and the same link in both parts', () => {
    const link = 'https://learn.example.com/thank-you?paymentId=7c9e6679-7425-40de-944b-e07fc1f90ae7#claim=1795.abc';
    const mail = receiptMail(brand, 'buyer@example.com', receipt, { kind: 'claim', link, days: 14 });
    expectFrame(mail);
    expect(mail).toMatchObject({ to: 'buyer@example.com', tag: 'receipt', subject: 'Your Bright & Co Academy receipt R-001042' });
    for (const part of [mail.text, mail.html!]) {
      for (const figure of ['R-001042', '$497.00', 'USDT on Tron (TRC-20)', receipt.paymentId, 'Nov 20, 2026, 10:05 AM UTC', '30 days', '14 days'])
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
    expect(mail.text).toContain('$497.00');
  });

  it('claim reminder', () => {
    const link = 'https://learn.example.com/thank-you?paymentId=p1#claim=9.x';
    const mail = claimReminderMail(brand, 'buyer@example.com', '497.00', 'USD', link, 14);
    expectFrame(mail);
    expect(mail.subject).toBe('Reminder: finish creating your Bright & Co Academy account');
    expect(mail.text).toContain('$497.00');
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
      for (const figure of ['$497.00', receipt.paymentId, 'Requested by the learner', '7-10 business days']) expect(part).toContain(figure);
    }
  });

  it('refund processed with its credit note: the number, the receipt it credits and a link to the purchases on the account page', () => {
    const mail = refundProcessedMail(brand, 'buyer@example.com', '497.00', 'USD', receipt.paymentId, 'Goodwill', { number: 'CN-000012', receipt: 'R-001042' });
    expectFrame(mail);
    expect(mail.text).toContain('Credit note: CN-000012');
    expect(mail.text).toContain('Credit note CN-000012 credits receipt R-001042.');
    expect(mail.html).toContain('<strong>CN-000012</strong>');
    const link = 'https://learn.example.com/dashboard/account#account-purchases';
    expect(mail.text).toContain(link);
    expect(hrefs(mail.html!)).toContain(link);
  });

  it("refund declined: the amount, the payment and the seller's reason, access kept, a link to the account", () => {
    const mail = refundDeclinedMail(brand, 'buyer@example.com', '497.00', 'USD', receipt.paymentId, 'More than 20% <of> the lessons were opened');
    expectFrame(mail);
    expect(mail.subject).toBe('Your Bright & Co Academy refund request');
    expect(mail.text).toContain('More than 20% <of> the lessons were opened');
    expect(mail.html).toContain('More than 20% &#60;of&#62; the lessons were opened');
    for (const part of [mail.text, mail.html!]) {
      for (const figure of ['$497.00', receipt.paymentId, 'lifetime access continues', 'https://learn.example.com/dashboard/account'])
        expect(part).toContain(figure);
    }
  });

  it('underpaid: the rest to send, to which address, with the QR code and the payment page; no new checkout', () => {
    const statusUrl = `https://learn.example.com/thank-you?paymentId=${receipt.paymentId}`;
    const mail = underpaidMail(brand, 'buyer@example.com', {
      amount: '497.00',
      currency: 'USD',
      paymentId: receipt.paymentId,
      statusUrl,
      rest: {
        amount: '0.00382',
        currencyCode: 'BTC',
        address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
        paymentUri: 'bitcoin:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh?amount=0.00382',
        qrCid: 'qr@x',
      },
    });
    expectFrame(mail);
    expect(mail.subject).toBe('Your Bright & Co Academy payment is incomplete: 0.00382 BTC left to send');
    for (const part of [mail.text, mail.html!]) {
      for (const figure of [
        '$497.00',
        receipt.paymentId,
        '0.00382 BTC',
        'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
        'same address',
        'no need to start a new payment',
      ])
        expect(part).toContain(figure);
      expect(part).not.toMatch(/do not pay/i);
    }
    expect(mail.html).toContain('src="cid:qr@x"');
    expect(hrefs(mail.html!)).toEqual(expect.arrayContaining([statusUrl, 'bitcoin:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh?amount=0.00382']));
    expect(hrefs(mail.html!)).not.toContain('https://learn.example.com/payment');
  });

  it('underpaid without what arrived: what to do, and the payment page', () => {
    const statusUrl = `https://learn.example.com/thank-you?paymentId=${receipt.paymentId}`;
    const mail = underpaidMail(brand, 'buyer@example.com', { amount: '497.00', currency: 'USD', paymentId: receipt.paymentId, statusUrl, rest: null });
    expectFrame(mail);
    expect(mail.subject).toBe('Your Bright & Co Academy payment was not complete');
    for (const part of [mail.text, mail.html!])
      for (const figure of ['$497.00', receipt.paymentId, 'What to do', 'contact support']) expect(part).toContain(figure);
    expect(hrefs(mail.html!)).toContain(statusUrl);
    expect(hrefs(mail.html!)).not.toContain('https://learn.example.com/payment');
  });

  it('already owned: no need to pay again, with the sign-in and new-password links in both parts', () => {
    const mail = alreadyOwnedMail(brand, 'owner@example.com');
    expectFrame(mail);
    expect(mail).toMatchObject({ to: 'owner@example.com', tag: 'already-owned', subject: 'You already have lifetime access to Bright & Co Academy' });
    for (const part of [mail.text, mail.html!]) expect(part).toContain('no need to pay again');
    for (const link of ['https://learn.example.com/login', 'https://learn.example.com/forgot-password']) {
      expect(mail.text).toContain(link);
      expect(hrefs(mail.html!)).toContain(link);
    }
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

  it('email changed: a security notice to the old address with the new one, the time and the support contact', () => {
    const mail = emailChangedNoticeMail(
      { ...brand, timeZone: 'America/Los_Angeles' },
      'old@example.com',
      'Ada <3',
      'new@example.com',
      new Date('2026-11-20T10:05:00Z'),
    );
    expectFrame(mail);
    expect(mail).toMatchObject({ to: 'old@example.com', tag: 'email-changed', subject: 'Your Bright & Co Academy email address was changed' });
    for (const part of [mail.text, mail.html!]) {
      for (const fact of ['new@example.com', 'Nov 20, 2026, 2:05 AM PST', 'If you did not make this change', 'help@bright.example'])
        expect(part).toContain(fact);
    }
    expect(mail.html).toContain('Hello Ada &#60;3,');
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

  it('commission approved: the amount, the sale and payable days, and the affiliate dashboard', () => {
    const mail = commissionApprovedMail(brand, 'affiliate@example.com', 'Ada', { ...approvedCommission, currency: 'USD' });
    expectFrame(mail);
    expect(mail).toMatchObject({ to: 'affiliate@example.com', tag: 'affiliate-commission-approved', subject: 'Your commission of $149.10 is approved' });
    for (const part of [mail.text, mail.html!])
      for (const figure of ['Hello Ada', '$149.10', 'Oct 21, 2026', 'Nov 20, 2026', 'next payout']) expect(part).toContain(figure);
    expect(mail.text).toContain('https://learn.example.com/dashboard/referrals');
    expect(hrefs(mail.html!)).toContain('https://learn.example.com/dashboard/referrals');
  });

  it('affiliate payout: amount, method, reference (escaped in HTML) and date; in French for a French reader', () => {
    const mail = affiliatePayoutMail(brand, 'affiliate@example.com', 'Ada', { ...affiliatePayout, currency: 'USD' });
    expectFrame(mail);
    expect(mail).toMatchObject({ tag: 'affiliate-payout', subject: 'Your Bright & Co Academy affiliate payout of $298.20' });
    for (const figure of ['$298.20', 'Bank transfer', 'Batch <7>', 'Nov 20, 2026, 10:05 AM UTC']) expect(mail.text).toContain(figure);
    expect(mail.html).toContain('Batch &#60;7&#62;');
    expect(mail.html).not.toContain('Batch <7>');
    const french = affiliatePayoutMail({ ...brand, language: 'fr' }, 'affiliate@example.com', 'Ada', affiliatePayout);
    expect(french.subject).toBe('Votre versement d’affilié Bright & Co Academy de 298,20\u00a0€');
    for (const figure of ['Bonjour Ada', 'Nous vous avons versé 298,20\u00a0€', 'Virement bancaire', 'Référence']) expect(french.text).toContain(figure);
  });

  it('leaves the support line out when no support contact is set', () => {
    const mail = welcomeMail({ ...brand, supportEmail: '', supportUrl: '' }, 'new@example.com', 'Ada');
    expect(mail.text).not.toContain('Questions?');
    expect(mail.html).not.toContain('Questions?');
  });
});

/** Every mail a customer can get, rendered for a reader of this language (EUR, so the money shows each language's format). */
function everyCustomerMail(language: Language): Record<string, Rendered> {
  const b: MailBrand = { ...brand, language };
  const eur = { ...receipt, currency: 'EUR' };
  const claim = 'https://learn.example.com/thank-you?paymentId=p1#claim=9.x';
  const statusUrl = 'https://learn.example.com/thank-you?paymentId=p1';
  const rest = {
    amount: '0.00382',
    currencyCode: 'BTC',
    address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    paymentUri: 'bitcoin:bc1q?amount=0.00382',
    qrCid: 'qr@x',
  };
  return {
    receiptClaim: receiptMail(b, 'a@example.com', eur, { kind: 'claim', link: claim, days: 14 }),
    receiptSignIn: receiptMail(b, 'a@example.com', eur, { kind: 'signIn' }),
    claimReminder: claimReminderMail(b, 'a@example.com', '497.00', 'EUR', claim, 14),
    welcome: welcomeMail(b, 'a@example.com', 'Ada'),
    refund: refundProcessedMail(b, 'a@example.com', '497.00', 'EUR', 'p1', 'Goodwill', { number: 'CN-000012', receipt: 'R-001042' }),
    refundDeclined: refundDeclinedMail(b, 'a@example.com', '497.00', 'EUR', 'p1', 'Too late'),
    alreadyOwned: alreadyOwnedMail(b, 'a@example.com'),
    underpaid: underpaidMail(b, 'a@example.com', { amount: '497.00', currency: 'EUR', paymentId: 'p1', statusUrl, rest }),
    underpaidUnknown: underpaidMail(b, 'a@example.com', { amount: '497.00', currency: 'EUR', paymentId: 'p1', statusUrl, rest: null }),
    emailChange: emailChangeMail(b, 'a@example.com', 'Ada', 'https://learn.example.com/confirm-email?token=t', 24),
    emailChanged: emailChangedNoticeMail(b, 'a@example.com', 'Ada', 'new@example.com', receipt.paidAt),
    digestOne: lessonDigestMail(b, 'a@example.com', 'Ada', [
      { courseTitle: 'Offers', lessonTitle: 'Pricing', url: 'https://learn.example.com/course/4?lesson=20' },
    ]),
    digestMany: lessonDigestMail(b, 'a@example.com', 'Ada', [
      { courseTitle: 'Offers', lessonTitle: 'Pricing', url: 'https://learn.example.com/course/4?lesson=20' },
      { courseTitle: 'Offers', lessonTitle: 'Upsells', url: 'https://learn.example.com/course/4?lesson=21' },
    ]),
    answer: answerMail(b, 'a@example.com', 'Ada', 'Pricing', 'Yes.', 'https://learn.example.com/course/4?lesson=20'),
    certificate: certificateMail(b, 'a@example.com', 'Ada', 'Offers', 'https://learn.example.com/certificates/c1'),
    passwordReset: passwordResetMail(b, 'a@example.com', 'https://learn.example.com/reset-password?token=t', 30),
    invitation: invitationMail(b, 'a@example.com', 'Ada', 'https://learn.example.com/reset-password?token=t'),
    commissionApproved: commissionApprovedMail(b, 'a@example.com', 'Ada', approvedCommission),
    affiliatePayout: affiliatePayoutMail(b, 'a@example.com', 'Ada', affiliatePayout),
  };
}

/** What each language's mails say and how they write money and a day. */
const READS = {
  en: {
    support: 'Questions? Email help@bright.example or visit https://help.bright.example.',
    thanks: 'Thank you for your purchase',
    money: '€497.00',
    day: 'Nov 20, 2026',
  },
  es: {
    support: '¿Preguntas? Escribe a help@bright.example o visita https://help.bright.example.',
    thanks: 'Gracias por tu compra',
    money: '497,00\u00a0€',
    day: '20 nov 2026',
  },
  fr: {
    support: 'Des questions ? Écrivez à help@bright.example ou consultez https://help.bright.example.',
    thanks: 'Merci pour votre achat',
    money: '497,00\u00a0€',
    day: '20 nov. 2026',
  },
  de: {
    support: 'Fragen? Schreiben Sie an help@bright.example oder besuchen Sie https://help.bright.example.',
    thanks: 'Vielen Dank für Ihren Kauf',
    money: '497,00\u00a0€',
    day: '20. Nov. 2026',
  },
} as const;

/** The HTML a reader sees: without the head's CSS and Outlook's conditional comments. */
const visible = (html: string): string => html.replace(/<style[\s\S]*?<\/style>/g, '').replace(/<!--[\s\S]*?-->/g, '');

/** The paths of our site a mail may link to. */
const OUR_PATHS =
  /^https:\/\/learn\.example\.com\/(|login|forgot-password|refund-policy|thank-you\?paymentId=p1(#claim=9\.x)?|dashboard\/(courses|account|account#account-purchases|referrals)|confirm-email\?token=t|reset-password\?token=t|course\/4\?lesson=2[01]|certificates\/c1)$/;

describe.each(['en', 'es', 'fr', 'de'] as const)('every customer mail in %s', (language) => {
  const mails = everyCustomerMail(language);
  const english = everyCustomerMail('en');
  const reads = READS[language];

  it.each(Object.keys(mails))('%s: subject and body in the language, no id or placeholder left, links absolute to the right pages', (name) => {
    const mail = mails[name];
    expectFrame(mail);
    expect(mail.html).toContain(`<html lang="${language}"`);
    expect(mail.text).toContain(reads.support);
    for (const part of [mail.subject, mail.text, visible(mail.html!)]) {
      expect(part).not.toMatch(/\{\{?[\w#]+|\bmail\.[a-zA-Z]+\.[a-zA-Z]+|\uE000|\uE001/);
      expect(part.trim().length).toBeGreaterThan(0);
    }
    if (language !== 'en') {
      expect(mail.subject).not.toBe(english[name].subject);
      expect(mail.text).not.toBe(english[name].text);
    }
    for (const href of hrefs(mail.html!)) {
      if (href.startsWith('mailto:')) expect(href).toBe('mailto:help@bright.example');
      else if (href.startsWith('bitcoin:')) expect(href).toBe('bitcoin:bc1q?amount=0.00382');
      else if (href !== 'https://help.bright.example') expect(href).toMatch(OUR_PATHS);
    }
    // Every link of the HTML part but the site name's is in the text part too (a reader without HTML can follow it).
    for (const href of hrefs(mail.html!).filter((h) => h.startsWith('https://') && h !== 'https://learn.example.com/')) expect(mail.text).toContain(href);
  });

  it('writes money and dates for the language, in the site time zone', () => {
    const receiptMail = mails.receiptClaim;
    for (const part of [receiptMail.text, receiptMail.html!]) {
      expect(part).toContain(reads.thanks);
      expect(part).toContain(reads.money);
      expect(part).toContain(reads.day);
    }
    expect(mails.refund.text).toContain(reads.money);
    expect(mails.underpaid.text).toContain(reads.money);
    expect(mails.emailChanged.text).toContain(reads.day);
  });
});

describe('mail rendering cost', () => {
  it('compiles each shape of mail once and then only fills it', () => {
    const perLanguage = Object.keys(everyCustomerMail('en')).length;
    const shapes = compiledShapes();
    const started = process.hrtime.bigint();
    const rounds = 20;
    for (let i = 0; i < rounds; i++) for (const language of ['en', 'es', 'fr', 'de'] as const) everyCustomerMail(language);
    const perMail = Number(process.hrtime.bigint() - started) / 1e6 / (rounds * 4 * perLanguage);
    expect(compiledShapes()).toBe(shapes);
    // Compiling MJML costs tens of milliseconds; filling a compiled mail, well under one.
    expect(perMail).toBeLessThan(5);
    process.stdout.write(`mail rendering: ${perMail.toFixed(3)} ms per mail after the first of its shape (${shapes} shapes compiled)\n`);
  });
});
