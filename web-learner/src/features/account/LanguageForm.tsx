import { useEffect, useId, useState } from 'react';
import { errorText } from '../../api/client';
import type { AccountProfile } from '../../api/types';
import { LANGUAGES, switchLanguage, type Language } from '../../i18n/language';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/account';
import { useSetLanguage } from './api/useSetLanguage';
import { FormOutcome } from './FormOutcome';

/** Each language named in itself, as a reader of it looks for it. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch' };

/** The account's language (the interface's until one is saved): mails, receipts and certificates use it, and the site follows it. */
export function LanguageForm({ profile }: { profile: AccountProfile }) {
  const id = useId();
  const { t, language: shown } = useTranslation();
  const saved = (profile.language ?? null) as Language | null;
  const [language, setLanguage] = useState<Language>(saved ?? ((LANGUAGES as readonly string[]).includes(shown) ? (shown as Language) : 'en'));
  const save = useSetLanguage();
  // The interface follows the account's language (saved on another device, or before this page loaded).
  useEffect(() => {
    if (saved && saved !== shown) switchLanguage(saved).catch(() => undefined);
  }, [saved, shown]);
  return (
    <form
      noValidate
      className="mt-6"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(language);
      }}
    >
      <label htmlFor={`${id}-language`} className="label">
        {t('account.language')}
      </label>
      <select
        id={`${id}-language`}
        className="field"
        value={language}
        onChange={(e) => setLanguage(e.target.value as Language)}
        aria-describedby={`${id}-language-hint`}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <p id={`${id}-language-hint`} className="mt-1.5 text-xs text-slate-400">
        {t('account.languageHint')}
      </p>
      <button type="submit" className="btn-gold mt-4" disabled={save.isPending || language === saved}>
        {t('account.saveLanguage')}
      </button>
      <FormOutcome ok={save.isSuccess ? t('account.languageSaved') : null} error={save.isError ? errorText(save.error, 'language') : null} />
    </form>
  );
}
