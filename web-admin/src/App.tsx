import { lazy, Suspense, useState } from 'react';
import { Admin, Authenticated, CustomRoutes, Loading, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import affiliates, { affiliatePayouts } from './affiliates';
import { authProvider, createQueryClient, dataProvider } from './api';
import auditLog from './audit-log';
import coupons from './coupons';
import courses from './courses';
import { AdminLayout } from './layout/AdminLayout';
import { LoginPage } from './login/LoginPage';
import mailLog from './mail-log';
import payments from './payments';
import reviews from './reviews';
import certificates from './certificates';
import lessonQuestions from './lesson-questions';
import supportMessages from './support-messages';
import { MEMBERS_RESOURCES } from './resources';
import { i18nProvider } from './i18nProvider';
import { theme } from './theme';
import users from './users';

const Overview = lazy(() => import('./overview/Overview'));
const AnalyticsPage = lazy(() => import('./analytics/AnalyticsPage'));
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const QueuesPage = lazy(() => import('./queues/QueuesPage'));
const ResourcesHub = lazy(() => import('./resources/ResourcesHub'));
const CourseEditPage = lazy(() => import('./course-edit/CourseEditPage'));
const IntegrationsPage = lazy(() => import('./integrations/IntegrationsPage'));
const TwoFactorPage = lazy(() => import('./two-factor/TwoFactorPage'));

/** /admin itself: the default section is the overview. */
const GoToOverview = () => <Navigate to="/overview" replace />;

export function App() {
  // One query client for the console's lifetime (a fresh one per mounted app, so tests do not share a cache).
  const [queryClient] = useState(createQueryClient);
  return (
    <Admin
      queryClient={queryClient}
      authProvider={authProvider}
      dataProvider={dataProvider}
      layout={AdminLayout}
      loginPage={LoginPage}
      dashboard={GoToOverview}
      theme={theme}
      i18nProvider={i18nProvider}
      title="Admin Portal"
      requireAuth
      disableTelemetry
    >
      <Resource name="users" {...users} />
      <Resource name="courses" {...courses} />
      <Resource name="payments" {...payments} />
      <Resource name="coupons" {...coupons} />
      <Resource name="affiliates" {...affiliates} />
      <Resource name="affiliate-payouts" {...affiliatePayouts} />
      <Resource name="audit-log" {...auditLog} />
      <Resource name="mail-log" {...mailLog} />
      <Resource name="support-messages" {...supportMessages} />
      <Resource name="reviews" {...reviews} />
      <Resource name="certificates" {...certificates} />
      <Resource name="lesson-questions" {...lessonQuestions} />
      {MEMBERS_RESOURCES.map((r) => (
        <Resource key={r.name} name={r.name} {...r.definition} />
      ))}
      <CustomRoutes>
        <Route path="/overview" element={<Overview />} />
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/queues" element={<QueuesPage />} />
        <Route path="/resources" element={<ResourcesHub />} />
        <Route path="/integrations" element={<IntegrationsPage />} />
        <Route path="/two-factor" element={<TwoFactorPage />} />
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route
          path="/course/:courseId/edit"
          element={
            <Authenticated>
              <Suspense fallback={<Loading />}>
                <CourseEditPage />
              </Suspense>
            </Authenticated>
          }
        />
      </CustomRoutes>
    </Admin>
  );
}
