import { useId, useState } from 'react';
import { errorText } from '../../../api/client';
import type { AffiliateSelf } from '../../../api/types';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/account';
import { useUpdateAffiliatePayout } from '../api/useUpdateAffiliatePayout';
import { FormOutcome } from '../FormOutcome';
import { PayoutFields } from './PayoutFields';

/** An approved affiliate changes where they are paid. */
export function PayoutForm({ affiliate }: { affiliate: AffiliateSelf }) {
  const id = useId();
  const [method, setMethod] = useState(affiliate.payoutMethod);
  const [details, setDetails] = useState(affiliate.payoutDetails);
  const update = useUpdateAffiliatePayout();
  const { t } = useTranslation();
  const unchanged = method === affiliate.payoutMethod && details.trim() === affiliate.payoutDetails;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ payoutMethod: method, payoutDetails: details.trim() });
      }}
    >
      <PayoutFields id={id} method={method} details={details} onMethod={setMethod} onDetails={setDetails} />
      <button type="submit" className="btn-gold mt-4" disabled={update.isPending || details.trim() === '' || unchanged}>
        {t('affiliateProgramme.savePayout')}
      </button>
      <FormOutcome
        ok={update.isSuccess ? t('affiliateProgramme.payoutSaved') : null}
        error={update.isError ? errorText(update.error, 'payoutDetails') : null}
      />
    </form>
  );
}
