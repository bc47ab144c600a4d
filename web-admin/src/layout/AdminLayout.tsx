import { useEffect, type ReactNode } from 'react';
import { Layout } from 'react-admin';
import { useSiteName } from '../api';
import { AdminAppBar } from './AdminAppBar';
import { RenderingError } from './RenderingError';
import { SectionMenu } from './SectionMenu';

export function AdminLayout({ children }: { children: ReactNode }) {
  // The tab title follows the site name whether or not the sidebar (which shows it too) is open.
  const siteName = useSiteName();
  useEffect(() => {
    document.title = `${siteName} · Admin`;
  }, [siteName]);
  return (
    <Layout appBar={AdminAppBar} menu={SectionMenu} error={RenderingError} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      {children}
    </Layout>
  );
}
