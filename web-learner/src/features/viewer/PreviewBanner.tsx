import { useId } from 'react';
import { formatDateTime } from '../../i18n/format';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/learning';

/** The mark of a preview, at the top of every lesson: what this page is, that nothing is recorded, and until when the link works. */
export function PreviewBanner({ expiresAt }: { expiresAt: string }) {
  const { t, language } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-b border-sky-400/40 bg-sky-500/15">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <strong id={id} className="rounded-full bg-sky-300 px-2.5 py-0.5 text-xs font-bold tracking-wide text-ink-950 uppercase">
          {t('preview.label')}
        </strong>
        <p className="text-sky-100">
          {t('preview.notice')} {t('preview.expires', { date: formatDateTime(expiresAt, language) })}
        </p>
      </div>
    </section>
  );
}
