import { formatDateTime, formatMoney } from '../../../common/i18n';
import { MailWriter, type MailBrand, type RenderedMail } from './mjml-layout';

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

const money = (brand: MailBrand, amount: string, currency: string): string => formatMoney(brand, amount, currency);
const moment = (brand: MailBrand, date: Date): string => formatDateTime({ language: brand.language, timeZone: brand.timeZone ?? 'UTC' }, date);

/** The receipt's figures, labelled in the reader's language. */
export function receiptFactRows(w: MailWriter, r: ReceiptFacts): Array<[string, string]> {
  const { t, brand } = w;
  return [
    [t('mail.receipt.number'), r.number],
    [t('mail.receipt.item'), t('mail.receipt.lifetimeAccess')],
    [t('mail.receipt.amount'), money(brand, r.amount, r.currency)],
    [t('mail.receipt.paidWith'), r.network ? t('mail.receipt.coinOnNetwork', { coin: r.payCurrency, network: r.network }) : r.payCurrency],
    [t('mail.receipt.paymentId'), r.paymentId],
    [t('mail.receipt.date'), moment(brand, r.paidAt)],
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
): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  const price = money(brand, receipt.amount, receipt.currency);
  w.say('mail.receipt.thanks', {}, { amount: { strong: price } });
  if (next.kind === 'claim') {
    w.say('mail.receipt.finishAccount', { days: next.days });
    w.button(next.link, t('mail.receipt.finishButton'));
  } else if (next.kind === 'signIn') {
    w.say('mail.receipt.addedToAccount');
    w.button(`${brand.publicUrl}/login`, t('mail.common.signIn'));
  }
  w.facts(receiptFactRows(w, receipt), t('mail.receipt.heading'));
  w.say('mail.receipt.attached');
  w.say('mail.common.refundPolicy', {}, { policy: { link: `${brand.publicUrl}/refund-policy`, label: t('mail.common.refundPolicyLink') } });
  return w.mail(to, 'receipt', t('mail.receipt.subject', { site: brand.siteName, number: receipt.number }), t('mail.receipt.preheader', { amount: price }));
}

/** A day after payment, the account is still not created. */
export function claimReminderMail(brand: MailBrand, to: string, amount: string, currency: string, link: string, days: number): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  w.say('mail.claimReminder.paid', {}, { amount: { strong: money(brand, amount, currency) } });
  w.say('mail.claimReminder.finish', { days });
  w.button(link, t('mail.receipt.finishButton'));
  return w.mail(to, 'claim-reminder', t('mail.claimReminder.subject', { site: brand.siteName }), t('mail.claimReminder.preheader'));
}

function refundRows(w: MailWriter, amount: string, currency: string, paymentId: string, reason: string): Array<[string, string]> {
  const { t, brand } = w;
  return [
    [t('mail.receipt.amount'), money(brand, amount, currency)],
    [t('mail.receipt.paymentId'), paymentId],
    [t('mail.refund.reason'), reason],
  ];
}

/** The credit note a refund issued, and the receipt (invoice) it credits. */
export interface CreditNoteRef {
  number: string;
  receipt: string;
}

/** Where the buyer finds the receipts and credit notes of their purchases: the account page's purchases section. */
export const purchasesPageUrl = (brand: MailBrand): string => `${brand.publicUrl}/dashboard/account#account-purchases`;

/**
 * Refund processed: the amount and reason, and the credit note the refund
 * issued (its number, the receipt it credits, and where to download it: the
 * purchases on the account page; the PDF rides along as an attachment).
 */
export function refundProcessedMail(
  brand: MailBrand,
  to: string,
  amount: string,
  currency: string,
  paymentId: string,
  reason: string,
  creditNote: CreditNoteRef | null = null,
): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  const price = money(brand, amount, currency);
  w.say('mail.refund.processed', {}, { amount: { strong: price } });
  const rows = refundRows(w, amount, currency, paymentId, reason);
  if (creditNote) rows.unshift([t('mail.refund.creditNoteNumber'), creditNote.number]);
  w.facts(rows);
  if (creditNote) {
    w.say('mail.refund.creditNote', { receipt: creditNote.receipt }, { number: { strong: creditNote.number } });
    w.button(purchasesPageUrl(brand), t('mail.refund.creditNoteButton'));
  }
  w.say('mail.refund.payout');
  return w.mail(to, 'refund', t('mail.refund.subject', { site: brand.siteName }), t('mail.refund.preheader', { amount: price }));
}

export function refundDeclinedMail(brand: MailBrand, to: string, amount: string, currency: string, paymentId: string, reason: string): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  w.say('mail.refundDeclined.body', {}, { amount: { strong: money(brand, amount, currency) } });
  w.facts(refundRows(w, amount, currency, paymentId, reason));
  w.say('mail.refundDeclined.reply');
  w.button(`${brand.publicUrl}/dashboard/account`, t('mail.common.openAccount'));
  return w.mail(to, 'refund-declined', t('mail.refundDeclined.subject', { site: brand.siteName }), t('mail.refundDeclined.preheader'));
}

/**
 * A checkout was started, without signing in, with an email that already has
 * lifetime access. The checkout answered as it answers anyone (it tells
 * nobody whether an email belongs to a customer); the owner hears it here.
 */
export function alreadyOwnedMail(brand: MailBrand, to: string): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  w.say('mail.alreadyOwned.body');
  w.button(`${brand.publicUrl}/login`, t('mail.common.signIn'));
  w.say('mail.alreadyOwned.forgot', {}, { choose: { link: `${brand.publicUrl}/forgot-password`, label: t('mail.alreadyOwned.chooseNew') } });
  w.say('mail.alreadyOwned.notYou');
  return w.mail(to, 'already-owned', t('mail.alreadyOwned.subject', { site: brand.siteName }), t('mail.alreadyOwned.preheader'));
}

/** An underpaid crypto payment: what was asked, and (when the provider said what arrived) the rest to send to the same address. */
export interface UnderpaidFacts {
  amount: string;
  currency: string;
  paymentId: string;
  /** The page that follows the payment (and shows the top-up): the thank-you page of this payment. */
  statusUrl: string;
  rest: {
    amount: string;
    currencyCode: string;
    address: string;
    /** A wallet URI with the amount (BIP21-style), when the coin has one. */
    paymentUri: string | null;
    /** The content id of the QR code image attached to the mail. */
    qrCid: string;
  } | null;
}

export function underpaidMail(brand: MailBrand, to: string, facts: UnderpaidFacts): RenderedMail {
  const { paymentId, statusUrl, rest } = facts;
  const w = new MailWriter(brand);
  const { t } = w;
  const price = money(brand, facts.amount, facts.currency);
  w.say('mail.underpaid.intro', { paymentId }, { price: { strong: price } });
  if (!rest) {
    w.say('mail.underpaid.contactSupport');
    w.button(statusUrl, t('mail.underpaid.openPage'));
    return w.mail(to, 'underpaid', t('mail.underpaid.subject', { site: brand.siteName }), t('mail.underpaid.preheader'));
  }
  // A coin amount, as the wallet needs it (the coin is no currency Intl knows).
  const left = `${rest.amount} ${rest.currencyCode}`;
  w.facts([
    [t('mail.underpaid.leftToSend'), left],
    [t('mail.underpaid.toAddress'), rest.address],
    [t('mail.receipt.paymentId'), paymentId],
  ]);
  w.image(`cid:${rest.qrCid}`, t('mail.underpaid.qrAlt', { amount: left, address: rest.address }));
  w.say('mail.underpaid.how');
  if (rest.paymentUri) w.say('mail.underpaid.wallet', {}, { uri: { link: rest.paymentUri, label: rest.paymentUri } });
  w.button(statusUrl, t('mail.underpaid.openPage'));
  return w.mail(to, 'underpaid', t('mail.underpaid.restSubject', { site: brand.siteName, amount: left }), t('mail.underpaid.restPreheader', { amount: left }));
}

/** What an abandoned-checkout reminder tells: the checkout's price and method, its resume link, the recovery coupon and the unsubscribe link. */
export interface CheckoutReminderFacts {
  /** 1: the first reminder; 2: the last one, a day later. */
  reminder: 1 | 2;
  amount: string;
  currency: string;
  method: 'crypto' | 'card' | 'paypal';
  /** Crypto: the coin and its network. */
  coin: string;
  network: string;
  resumeLink: string;
  /** Settings > Recovery's coupon, applied when the checkout is resumed; null: none. */
  couponCode: string | null;
  unsubscribeLink: string;
}

/** A checkout started and not paid: the link that resumes exactly that checkout, and how to stop these mails. */
export function checkoutReminderMail(brand: MailBrand, to: string, f: CheckoutReminderFacts): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  const price = money(brand, f.amount, f.currency);
  const method =
    f.method === 'crypto'
      ? t('mail.receipt.coinOnNetwork', { coin: f.coin, network: f.network })
      : f.method === 'card'
        ? t('mail.checkoutReminder.methodCard')
        : 'PayPal';
  w.say(f.reminder === 1 ? 'mail.checkoutReminder.body' : 'mail.checkoutReminder.bodySecond', { method }, { amount: { strong: price } });
  if (f.couponCode) w.say('mail.checkoutReminder.coupon', {}, { code: { strong: f.couponCode } });
  w.button(f.resumeLink, t('mail.checkoutReminder.button'));
  if (f.method === 'crypto') w.say('mail.checkoutReminder.requote');
  w.say('mail.checkoutReminder.unsubscribe', {}, { link: { link: f.unsubscribeLink, label: t('mail.checkoutReminder.unsubscribeLink') } });
  const subject = f.reminder === 1 ? 'mail.checkoutReminder.subject' : 'mail.checkoutReminder.subjectSecond';
  return w.mail(to, 'checkout-reminder', t(subject, { site: brand.siteName }), t('mail.checkoutReminder.preheader', { amount: price }));
}
