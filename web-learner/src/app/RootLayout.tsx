import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useMaintenanceMessage } from '../api/maintenance';
import { useSite } from '../api/site';
import { MaintenancePage } from './MaintenancePage';

/** Every screen: the maintenance page replaces the app as soon as the API answers 503 MAINTENANCE. */
export function RootLayout() {
  const maintenance = useMaintenanceMessage();
  useSiteHead();
  if (maintenance) return <MaintenancePage message={maintenance} />;
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** The browser tab title and the meta description follow Admin > Settings > General. */
function useSiteHead(): void {
  const { name, description } = useSite();
  useEffect(() => {
    document.title = name;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [name, description]);
}
