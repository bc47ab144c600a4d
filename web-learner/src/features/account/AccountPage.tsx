import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { AffiliateProgramme } from './affiliate/AffiliateProgramme';
import { useAccount } from './api/useAccount';
import { DeleteAccountForm } from './DeleteAccountForm';
import { EmailChangeForm } from './EmailChangeForm';
import { LanguageForm } from './LanguageForm';
import { Panel } from './Panel';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { SessionsCard } from './SessionsCard';
import { SupportForm } from './SupportForm';
import { CertificatesList } from './CertificatesList';
import { PurchaseHistory } from './PurchaseHistory';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/account';

/**
 * A link to one section of the page (the refund mail's to the purchases,
 * #account-purchases) brings it into view once the account has loaded: the
 * browser looked for the section before the page had drawn it.
 */
function useSectionInView(loaded: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (loaded && hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
}

/** /dashboard/account: the learner's profile, email, purchases, certificates, affiliate programme, password, sessions, support and deletion. */
export function AccountPage() {
  const account = useAccount();
  const { t } = useTranslation();
  useSectionInView(account.isSuccess);
  return (
    <QueryState query={account} label={t('account.what')}>
      {({ profile, purchases }) => (
        <div className="grid max-w-5xl grid-cols-1 gap-6 lg:grid-cols-2">
          <Panel title={t('account.profile')} id="account-profile">
            <ProfileForm profile={profile} />
            <LanguageForm profile={profile} />
          </Panel>
          <Panel title={t('account.email')} id="account-email">
            <EmailChangeForm profile={profile} />
          </Panel>
          <div className="lg:col-span-2">
            <Panel title={t('account.purchases')} id="account-purchases">
              <PurchaseHistory purchases={purchases} />
            </Panel>
          </div>
          <div className="lg:col-span-2">
            <Panel title={t('account.certificates')} id="account-certificates">
              <CertificatesList />
            </Panel>
          </div>
          <div className="lg:col-span-2">
            <Panel title={t('affiliateProgramme.title')} id="account-affiliate">
              <AffiliateProgramme />
            </Panel>
          </div>
          <Panel title={t('account.password')} id="account-password">
            <PasswordForm profile={profile} />
          </Panel>
          <div className="space-y-6">
            <Panel title={t('account.sessions')} id="account-sessions">
              <SessionsCard />
            </Panel>
            <Panel title={t('account.support')} id="account-support">
              <SupportForm />
            </Panel>
          </div>
          <div className="lg:col-span-2">
            <Panel title={t('account.delete')} id="account-delete">
              <DeleteAccountForm />
            </Panel>
          </div>
        </div>
      )}
    </QueryState>
  );
}
