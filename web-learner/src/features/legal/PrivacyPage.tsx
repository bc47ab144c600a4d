import { COMPANY_ADDRESS } from '../../components/SiteFooter';
import { LegalPage } from './LegalPage';

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="January 1, 2026">
      <p>This policy explains what personal data Affiliate Academy collects, why, and the choices you have.</p>
      <h2>1. Data we collect</h2>
      <ul>
        <li>Account data: your name, email address and a securely hashed password.</li>
        <li>Purchase data: the payment reference, amount, cryptocurrency and network of your purchase. We never see your wallet's private keys.</li>
        <li>Learning data: the lessons you open and complete, so you can resume where you left off.</li>
      </ul>
      <h2>2. How we use it</h2>
      <p>To provide access to the members' area, confirm payments, handle refunds, secure accounts and send service emails such as password resets.</p>
      <h2>3. Sharing</h2>
      <p>We share data only with the processors needed to run the service (payment processor, email delivery, hosting). We do not sell personal data.</p>
      <h2>4. Children</h2>
      <p>
        The service is not intended for anyone under 18 years of age. We do not knowingly collect data from people under 18; if you believe a minor has given us
        data, contact us and we will delete it.
      </p>
      <h2>5. Your rights</h2>
      <p>You may ask for a copy of your data, its correction or its deletion by writing to us.</p>
      <h2>6. Contact</h2>
      <p>{COMPANY_ADDRESS}</p>
    </LegalPage>
  );
}
