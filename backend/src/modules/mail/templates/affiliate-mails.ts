import { formatDate, formatDateTime, formatMoney } from '../../../common/i18n';
import { MailWriter, type MailBrand, type RenderedMail } from './mjml-layout';

/* Mails to affiliates about their money, in the affiliate's language: a commission that passed its hold, a payout. */

/** A commission that passed its hold period, as its mail tells it. */
export interface ApprovedCommissionFacts {
  amount: string;
  currency: string;
  /** When the referred sale earned it. */
  createdAt: Date;
  payableAt: Date;
}

/** An affiliate's share of a payout batch, as its mail tells it. */
export interface AffiliatePayoutFacts {
  amount: string;
  currency: string;
  method: 'paypal' | 'bank' | 'crypto';
  reference: string;
  paidAt: Date;
}

const dashboardUrl = (brand: MailBrand): string => `${brand.publicUrl}/dashboard/referrals`;

export function commissionApprovedMail(brand: MailBrand, to: string, name: string, c: ApprovedCommissionFacts): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  const amount = formatMoney(brand, c.amount, c.currency);
  const zone = { language: brand.language, timeZone: brand.timeZone ?? 'UTC' };
  w.say('mail.common.hello', { name });
  w.say('mail.affiliate.approved.body', {}, { amount: { strong: amount } });
  w.facts(
    [
      [t('mail.affiliate.amount'), amount],
      [t('mail.affiliate.approved.sale'), formatDate(zone, c.createdAt)],
      [t('mail.affiliate.approved.payableSince'), formatDate(zone, c.payableAt)],
    ],
    t('mail.affiliate.approved.heading'),
  );
  w.button(dashboardUrl(brand), t('mail.affiliate.dashboard'));
  return w.mail(to, 'affiliate-commission-approved', t('mail.affiliate.approved.subject', { amount }), t('mail.affiliate.approved.preheader'));
}

export function affiliatePayoutMail(brand: MailBrand, to: string, name: string, p: AffiliatePayoutFacts): RenderedMail {
  const w = new MailWriter(brand);
  const { t } = w;
  const amount = formatMoney(brand, p.amount, p.currency);
  w.say('mail.common.hello', { name });
  w.say('mail.affiliate.payout.body', { site: brand.siteName }, { amount: { strong: amount } });
  w.facts(
    [
      [t('mail.affiliate.amount'), amount],
      [t('mail.affiliate.payout.method'), t(`mail.affiliate.payout.methods.${p.method}`)],
      [t('mail.affiliate.payout.reference'), p.reference],
      [t('mail.affiliate.payout.date'), formatDateTime({ language: brand.language, timeZone: brand.timeZone ?? 'UTC' }, p.paidAt)],
    ],
    t('mail.affiliate.payout.heading'),
  );
  w.say('mail.affiliate.payout.arrival');
  w.button(dashboardUrl(brand), t('mail.affiliate.dashboard'));
  return w.mail(
    to,
    'affiliate-payout',
    t('mail.affiliate.payout.subject', { site: brand.siteName, amount }),
    t('mail.affiliate.payout.preheader', { reference: p.reference }),
  );
}
