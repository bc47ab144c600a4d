import { Icon } from '../../components/Icon';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/learning';

/** The PDF widget: title, notice, Open PDF in a new tab and the address. */
export function PdfViewer({ title, url }: { title: string; url: string }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-ink-600 bg-ink-900 p-6 text-center sm:p-10">
      <div className="mx-auto grid h-16 w-16 place-items-center rounded-2xl bg-rose-500/15 text-rose-300">
        <Icon name="file" className="h-8 w-8" />
      </div>
      <h3 className="mt-4 text-lg font-semibold text-white">{title}</h3>
      <p className="mt-2 text-sm text-slate-400">{t('pdf.notice')}</p>
      <a href={url} target="_blank" rel="noopener noreferrer" className="btn-gold mt-6">
        {t('pdf.open')} <span aria-hidden="true">↗</span>
        <span className="sr-only">{t('common.opensInNewTabParen')}</span>
      </a>
      <p className="mt-4 text-xs break-all text-slate-400">{url}</p>
    </div>
  );
}
