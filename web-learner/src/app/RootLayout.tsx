import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Link, useLocation, useNavigationType } from 'react-router';
import { useMaintenanceMessage } from '../api/maintenance';
import { arrivedAt } from '../auth/session';
import { SiteLinkProvider } from '../components/SiteLink';
import { LoadingBlock } from '../components/Spinner';
import { MaintenancePage } from './MaintenancePage';
import type { PageMeta } from './pageMeta';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { useSiteHead } from './useSiteHead';

/** A new page opens at its top; back and forward leave the browser to restore the position. */
function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/**
 * Every screen: its title and description, the error screen when it fails,
 * a loading state while its code arrives, and the maintenance page in place
 * of the app as soon as the API answers 503 MAINTENANCE.
 */
export function RootLayout({ meta, children }: { meta: PageMeta | undefined; children: ReactNode }) {
  const maintenance = useMaintenanceMessage();
  const { pathname } = useLocation();
  useSiteHead(meta);
  useScrollToTopOnNavigation();
  useEffect(() => arrivedAt(pathname), [pathname]);
  const { t } = useTranslation();
  if (maintenance) return <MaintenancePage message={maintenance} />;
  return (
    // The logo, the footer and the landing page link through the router here.
    <SiteLinkProvider value={Link}>
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<LoadingBlock label={t('common.loading')} />}>{children}</Suspense>
      </RouteErrorBoundary>
    </SiteLinkProvider>
  );
}
