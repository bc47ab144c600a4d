import { useId, useState } from 'react';
import { errorText } from '../../../api/client';
import type { PayoutMethod } from '../../../api/types';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/account';
import { useApplyAsAffiliate } from '../api/useApplyAsAffiliate';
import { FormOutcome } from '../FormOutcome';
import { PayoutFields } from './PayoutFields';
import { PAYOUT_METHODS } from './payoutMethods';

const PLAN_MIN = 10;
const PLAN_MAX = 1000;

/** A learner who has not applied yet: how they will promote the academy and where they want to be paid. */
export function AffiliateApplyForm() {
  const id = useId();
  const [plan, setPlan] = useState('');
  const [website, setWebsite] = useState('');
  const [method, setMethod] = useState<PayoutMethod>(PAYOUT_METHODS[0]);
  const [details, setDetails] = useState('');
  const apply = useApplyAsAffiliate();
  const { t } = useTranslation();
  const ready = plan.trim().length >= PLAN_MIN && details.trim() !== '';
  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        apply.mutate({
          promotionPlan: plan.trim(),
          ...(website.trim() ? { website: website.trim() } : {}),
          payoutMethod: method,
          payoutDetails: details.trim(),
        });
      }}
    >
      <h3 id={`${id}-title`} className="font-semibold text-white">
        {t('affiliateProgramme.apply')}
      </h3>
      <p className="mt-1 text-sm text-slate-300">{t('affiliateProgramme.intro')}</p>
      <label htmlFor={`${id}-plan`} className="label mt-4">
        {t('affiliateProgramme.promotionPlan')}
      </label>
      <textarea
        id={`${id}-plan`}
        className="field min-h-28"
        value={plan}
        minLength={PLAN_MIN}
        maxLength={PLAN_MAX}
        onChange={(e) => setPlan(e.target.value)}
        aria-describedby={`${id}-plan-hint`}
      />
      <p id={`${id}-plan-hint`} className="mt-1.5 text-xs text-slate-400">
        {t('affiliateProgramme.promotionPlanHint')}
      </p>
      <label htmlFor={`${id}-website`} className="label mt-4">
        {t('affiliateProgramme.website')}
      </label>
      <input id={`${id}-website`} className="field" type="url" value={website} maxLength={300} onChange={(e) => setWebsite(e.target.value)} />
      <PayoutFields id={id} method={method} details={details} onMethod={setMethod} onDetails={setDetails} />
      <button type="submit" className="btn-gold mt-4" disabled={apply.isPending || !ready}>
        {t('affiliateProgramme.send')}
      </button>
      <FormOutcome error={apply.isError ? errorText(apply.error) : null} />
    </form>
  );
}
