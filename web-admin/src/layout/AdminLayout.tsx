import { Fragment, type ReactNode } from 'react';
import { Layout } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useDisplayTimeZone } from '../common/format';
import { sectionOf } from '../sections';
import { SessionWatch } from '../components/session/SessionWatch';
import { AdminAppBar } from './AdminAppBar';
import { RenderingError } from './RenderingError';
import { usePageTitle } from './usePageTitle';
import { SectionMenu } from './SectionMenu';
import { SystemAlerts } from './SystemAlerts';

export function AdminLayout({ children }: { children: ReactNode }) {
  // Each page names itself in the tab ("Users · Admin · <site name>"), following the General site name.
  const { pathname } = useLocation();
  usePageTitle(sectionOf(pathname)?.title);
  // Dates follow Settings > General > Timezone: the page is drawn again once the zone is known.
  const zone = useDisplayTimeZone();
  return (
    <Layout appBar={AdminAppBar} menu={SectionMenu} error={RenderingError} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      <SessionWatch />
      <SystemAlerts />
      <Fragment key={zone}>{children}</Fragment>
    </Layout>
  );
}
