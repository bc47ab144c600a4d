import type { PayoutMethod } from '../../../api/types';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/account';
import { PAYOUT_METHODS } from './payoutMethods';

interface Props {
  id: string;
  method: PayoutMethod;
  details: string;
  onMethod: (method: PayoutMethod) => void;
  onDetails: (details: string) => void;
}

/** Where an affiliate is paid: the method and the address or account for it (the application and the approved affiliate's form). */
export function PayoutFields({ id, method, details, onMethod, onDetails }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={`${id}-method`} className="label mt-4">
        {t('affiliateProgramme.payoutMethod')}
      </label>
      <select id={`${id}-method`} className="field" value={method} onChange={(e) => onMethod(e.target.value as PayoutMethod)}>
        {PAYOUT_METHODS.map((m) => (
          <option key={m} value={m}>
            {t(`affiliateProgramme.methods.${m}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-details`} className="label mt-4">
        {t('affiliateProgramme.payoutDetails')}
      </label>
      <input
        id={`${id}-details`}
        className="field"
        value={details}
        maxLength={300}
        onChange={(e) => onDetails(e.target.value)}
        aria-describedby={`${id}-details-hint`}
      />
      <p id={`${id}-details-hint`} className="mt-1.5 text-xs text-slate-400">
        {t('affiliateProgramme.payoutDetailsHint')}
      </p>
    </>
  );
}
