import { OFFER } from '../../app/offer';
import { COMPANY_ADDRESS } from '../../components/SiteFooter';
import { LegalPage } from './LegalPage';

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated="January 1, 2026">
      <p>These terms govern your use of Affiliate Academy, its courses and its members' area. By buying access or creating an account you accept them.</p>
      <h2>1. Access</h2>
      <p>
        A one-time payment of ${OFFER.price} gives one person lifetime access to the members' area for as long as the service operates. Accounts are personal:
        sharing credentials or redistributing course material is not allowed and may lead to suspension.
      </p>
      <h2>2. Payments</h2>
      <p>
        Payments are made in cryptocurrency through a third-party payment processor. Network fees are borne by the buyer. Access is granted once the processor
        confirms the payment in full.
      </p>
      <h2>3. Refunds</h2>
      <p>Refunds follow our Refund Policy, including the {OFFER.guaranteeDays}-day money-back guarantee and its conditions.</p>
      <h2>4. No guarantee of earnings</h2>
      <p>
        Results shown on this site are examples and depend on your own work, budget and market conditions. Affiliate marketing involves risk, and we do not
        promise any level of income.
      </p>
      <h2>5. Responsible marketing</h2>
      <p>You must comply with the laws of the countries you target, including gambling advertising rules, and must never market gambling to minors.</p>
      <h2>6. Contact</h2>
      <p>{COMPANY_ADDRESS}</p>
    </LegalPage>
  );
}
