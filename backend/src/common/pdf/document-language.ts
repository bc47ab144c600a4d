import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../i18n';

/**
 * The language of a customer's documents (invoice, credit note, certificate):
 * the one kept on the payment or the account when there is one, else the
 * site's (Settings > General > Language; "auto" or anything else: English).
 * The one place that decides it.
 */
export function documentLanguageFor(subject: { language?: string | null } | null | undefined, siteLanguage: string): Language {
  if (isLanguage(subject?.language)) return subject.language;
  return isLanguage(siteLanguage) ? siteLanguage : DEFAULT_LANGUAGE;
}
