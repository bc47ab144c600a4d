import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { LoadingBlock } from './Spinner';
import { UpgradeState } from './UpgradeState';
import { useTranslation } from '../i18n/useTranslation';

/**
 * Loading and failure of a section's data, with a retry; renders children
 * once the data is there. Content refused for want of lifetime access shows
 * the upgrade state, never an error box.
 */
export function QueryState<T>({ query, label, children }: { query: UseQueryResult<T>; label: string; children: (data: T) => React.ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingBlock label={t('query.loading', { what: label })} />;
  if (query.isError && query.error instanceof ApiError && query.error.status === 403) return <UpgradeState />;
  if (query.isError) {
    return (
      <div role="alert" className="card p-6 text-center">
        <p className="text-rose-200">{t('query.failed', { what: label, message: query.error.message })}</p>
        <button type="button" className="btn-ghost mt-4" onClick={() => void query.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

export function ExternalLink({ href, children, className = 'btn-gold' }: { href: string; children: React.ReactNode; className?: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span aria-hidden="true">↗</span>
      <span className="sr-only">{t('common.opensInNewTabParen')}</span>
    </a>
  );
}

/**
 * A file to download: `download` saves one of ours; a file on another site
 * ignores it and would replace the page, so it opens in a tab of its own.
 */
export function DownloadLink({
  href,
  label,
  children,
  className = 'btn-gold',
}: {
  href: string;
  label: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <a href={href} download target="_blank" rel="noopener noreferrer" className={className} aria-label={label}>
      {children}
    </a>
  );
}
