import { QueryState } from '../../components/QueryState';
import { useAccount } from './api/useAccount';
import { DeleteAccountForm, EmailChangeForm, Panel, PasswordForm, ProfileForm, SessionsCard, SupportForm } from './AccountForms';
import { CertificatesList } from './CertificatesList';
import { PurchaseHistory } from './PurchaseHistory';

/** /dashboard/account: the learner's profile, email, password, sessions, purchases, certificates, support and deletion. */
export function AccountPage() {
  const account = useAccount();
  return (
    <QueryState query={account} label="your account">
      {({ profile, purchases }) => (
        <div className="grid max-w-5xl gap-6 lg:grid-cols-2">
          <Panel title="Profile" id="account-profile">
            <ProfileForm profile={profile} />
          </Panel>
          <Panel title="Email" id="account-email">
            <EmailChangeForm profile={profile} />
          </Panel>
          <div className="lg:col-span-2">
            <Panel title="Purchase History" id="account-purchases">
              <PurchaseHistory purchases={purchases} />
            </Panel>
          </div>
          <div className="lg:col-span-2">
            <Panel title="Certificates" id="account-certificates">
              <CertificatesList />
            </Panel>
          </div>
          <Panel title="Password" id="account-password">
            <PasswordForm profile={profile} />
          </Panel>
          <div className="space-y-6">
            <Panel title="Sessions" id="account-sessions">
              <SessionsCard />
            </Panel>
            <Panel title="Contact Support" id="account-support">
              <SupportForm />
            </Panel>
          </div>
          <div className="lg:col-span-2">
            <Panel title="Delete Account" id="account-delete">
              <DeleteAccountForm />
            </Panel>
          </div>
        </div>
      )}
    </QueryState>
  );
}
