import { LegalText } from './LegalPage';

/** /refund-policy: its text from the console in the interface language, or the built-in one. */
export function RefundPage() {
  return <LegalText page="refund" />;
}
