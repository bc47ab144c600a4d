import { OFFER } from '../../app/offer';
import { LegalPage } from './LegalPage';

export function RefundPage() {
  return (
    <LegalPage title="Refund Policy" updated="January 1, 2026">
      <p>We want you to be satisfied with your purchase. Every purchase comes with a {OFFER.guaranteeDays}-day money-back guarantee.</p>
      <h2>1. Eligibility</h2>
      <p>You can ask for a refund within {OFFER.guaranteeDays} days of your purchase, provided you have accessed no more than 20% of the course content.</p>
      <h2>2. Timings</h2>
      <ul>
        <li>We review refund requests within 3-5 business days.</li>
        <li>Once approved, the refund is paid out within 7-10 business days.</li>
      </ul>
      <h2>3. Processing time by method</h2>
      <ul>
        <li>Credit or debit card: 5-10 business days.</li>
        <li>PayPal: 3-5 business days.</li>
        <li>Bank transfer: 7-14 business days.</li>
      </ul>
      <h2>4. Chargebacks</h2>
      <p>Please contact us before disputing a payment. Chargebacks may lead to the suspension of your account.</p>
    </LegalPage>
  );
}
