import { useSite } from '../api/site';
import { useTranslation } from '../i18n/useTranslation';

/** "Need help? Contact support: …" with the support email (and page) from Settings > General. */
export function SupportContact({ className = 'mt-3 text-sm text-slate-300', lead }: { className?: string; lead?: string }) {
  const { support } = useSite();
  const { t } = useTranslation();
  if (!support.email && !support.url) return null;
  return (
    <p className={className} data-testid="support-contact">
      {lead ?? t('support.lead')}{' '}
      {support.email && (
        <a className="font-medium text-gold-300 underline hover:text-gold-200" href={`mailto:${support.email}`}>
          {support.email}
        </a>
      )}
      {support.email && support.url && ' · '}
      {support.url && (
        <a className="font-medium text-gold-300 underline hover:text-gold-200" href={support.url} target="_blank" rel="noopener noreferrer">
          {t('support.helpCenter')}
          <span className="sr-only">{t('common.opensInNewTab')}</span>
        </a>
      )}
    </p>
  );
}
