import { useMyAffiliate } from '../../../api/hooks/useMyAffiliate';
import { QueryState } from '../../../components/QueryState';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/account';
import { AffiliateStatusView } from './AffiliateStatusView';

/** The account page's affiliate programme panel: apply, see the application's status, or an approved affiliate's link and terms. */
export function AffiliateProgramme() {
  const affiliate = useMyAffiliate();
  const { t } = useTranslation();
  return (
    <QueryState query={affiliate} label={t('affiliateProgramme.what')}>
      {(record) => <AffiliateStatusView affiliate={record} />}
    </QueryState>
  );
}
