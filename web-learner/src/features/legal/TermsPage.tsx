import { LegalText } from './LegalPage';

/** /terms-of-service: its text from the console in the interface language, or the built-in one. */
export function TermsPage() {
  return <LegalText page="terms" />;
}
