import { LegalText } from './LegalPage';

/** /privacy-policy: its text from the console in the interface language, or the built-in one. */
export function PrivacyPage() {
  return <LegalText page="privacy" />;
}
