import { Link } from 'react-router';
import type { AffiliateSelf } from '../../../api/types';
import { formatNumber } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/account';
import { AffiliateApplyForm } from './AffiliateApplyForm';
import { CopyButton } from './CopyButton';
import { PayoutForm } from './PayoutForm';

/** Where an approved affiliate's figures are. */
export const AFFILIATE_DASHBOARD_PATH = '/dashboard/referrals';

/** The learner's place in the affiliate programme: the application form, its status, or an approved affiliate's link and terms. */
export function AffiliateStatusView({ affiliate }: { affiliate: AffiliateSelf | null }) {
  const { t } = useTranslation();
  if (!affiliate) return <AffiliateApplyForm />;
  if (affiliate.status !== 'approved')
    return (
      <p role="status" className="text-slate-200" data-testid="affiliate-status">
        {t(`affiliateProgramme.${affiliate.status}`)}
      </p>
    );
  return <ApprovedAffiliate affiliate={affiliate} />;
}

function ApprovedAffiliate({ affiliate }: { affiliate: AffiliateSelf }) {
  const { t, language } = useTranslation();
  const { commission } = affiliate;
  return (
    <div className="space-y-5">
      <div>
        <p className="label">{t('affiliateProgramme.referralLink')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 rounded-lg bg-ink-800 px-3 py-2 text-sm break-all text-gold-300" data-testid="referral-link">
            {affiliate.referralLink}
          </code>
          <CopyButton text={affiliate.referralLink} label={t('affiliateProgramme.referralLink')} />
        </div>
        <p className="mt-1.5 text-xs text-slate-400">{t('affiliateProgramme.linkHint', { code: affiliate.code })}</p>
      </div>
      {affiliate.couponCode && (
        <div>
          <p className="label">{t('affiliateProgramme.couponCode')}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="rounded-lg bg-ink-800 px-3 py-2 text-sm text-gold-300" data-testid="coupon-code">
              {affiliate.couponCode}
            </code>
            <CopyButton text={affiliate.couponCode} label={t('affiliateProgramme.couponCode')} />
          </div>
          <p className="mt-1.5 text-xs text-slate-400">{t('affiliateProgramme.couponHint')}</p>
        </div>
      )}
      <div>
        <p className="label">{t('affiliateProgramme.commission')}</p>
        <p className="text-white" data-testid="commission-terms">
          {commission.type === 'percent'
            ? t('affiliateProgramme.commissionPercent', { value: formatNumber(Number(commission.value), language) })
            : t('affiliateProgramme.commissionFixed', { value: formatNumber(Number(commission.value), language, { fractionDigits: 2 }) })}
        </p>
        <p className="mt-1.5 text-xs text-slate-400">{t('affiliateProgramme.terms')}</p>
      </div>
      <PayoutForm affiliate={affiliate} />
      <Link to={AFFILIATE_DASHBOARD_PATH} className="btn-ghost">
        {t('affiliateProgramme.openDashboard')}
      </Link>
    </div>
  );
}
