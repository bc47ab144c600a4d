/**
 * Every email the product sends, one template per mail (templates/*-mails.ts):
 * MJML around blocks whose texts come from the server catalogue in the
 * reader's language (common/i18n/locales/<language>/mail.json), with a plain-text
 * part carrying the same facts and links; money and dates through Intl in
 * that language and the site's time zone. Every mail names the site and ends
 * with the support contact.
 */
export {
  alreadyOwnedMail,
  checkoutReminderMail,
  claimReminderMail,
  receiptMail,
  refundDeclinedMail,
  refundProcessedMail,
  underpaidMail,
  type CheckoutReminderFacts,
} from './templates/buyer-mails';
export { purchasesPageUrl } from './templates/buyer-mails';
export type { CreditNoteRef, ReceiptFacts, UnderpaidFacts } from './templates/buyer-mails';
export {
  answerMail,
  certificateMail,
  emailChangedNoticeMail,
  emailChangeMail,
  invitationMail,
  lessonDigestMail,
  passwordResetMail,
  welcomeMail,
  type OpenedLesson,
} from './templates/learner-mails';
export { adminNoticeMail, supportMessageMail, testMail } from './templates/admin-mails';
export { affiliatePayoutMail, commissionApprovedMail, type AffiliatePayoutFacts, type ApprovedCommissionFacts } from './templates/affiliate-mails';
export { compiledShapes, escapeHtml, type MailBrand, type RenderedMail } from './templates/mjml-layout';
import type { ReceiptFacts } from './templates/buyer-mails';

/* What the receipt PDF (payments/receipt-pdf.ts) still prints in English, unchanged until the PDFs follow the customer's language. */

export const REFUND_POLICY_SUMMARY =
  'Refunds are possible within 30 days of payment if no more than 20% of the content has been accessed. ' +
  'Review takes 3-5 business days and payout 7-10 business days.';

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
