import { useMaintenanceMessage } from '../api/maintenance';
import { LandingPage } from '../features/landing/LandingPage';
import { MaintenancePage } from './MaintenancePage';
import { PAGE_META } from './pageMeta';
import { useSiteHead } from './useSiteHead';

/**
 * The landing page as a visitor's first page: no router, no TanStack Query
 * (its links open the next pages, prerendered), so the first visit loads
 * React and the page alone. Navigating back to / inside the app shows the
 * same LandingPage through the router.
 */
export function LandingRoot() {
  const maintenance = useMaintenanceMessage();
  useSiteHead(PAGE_META.landing);
  if (maintenance) return <MaintenancePage message={maintenance} />;
  return <LandingPage />;
}
