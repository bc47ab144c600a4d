import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation';
import '../../../i18n/english/account';

/** Copies `text` and says so for a moment; `label` names what it copies for a screen reader. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const { t } = useTranslation();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="btn-ghost shrink-0"
      aria-label={`${t('affiliateProgramme.copy')}: ${label}`}
      onClick={() =>
        void navigator.clipboard
          ?.writeText(text)
          .then(() => setCopied(true))
          .catch((error: unknown) => console.warn('The text could not be copied', error))
      }
    >
      <span aria-live="polite">{copied ? t('affiliateProgramme.copied') : t('affiliateProgramme.copy')}</span>
    </button>
  );
}
