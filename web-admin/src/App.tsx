import { lazy, Suspense } from 'react';
import { Admin, Authenticated, CustomRoutes, Loading, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { authProvider, dataProvider } from './api';
import auditLog from './audit-log';
import courses from './courses';
import { AdminLayout } from './layout/AdminLayout';
import { LoginPage } from './login/LoginPage';
import payments from './payments';
import { MEMBERS_RESOURCES } from './resources';
import { theme } from './theme';
import users from './users';

const Overview = lazy(() => import('./overview/Overview'));
const AnalyticsPage = lazy(() => import('./analytics/AnalyticsPage'));
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const QueuesPage = lazy(() => import('./queues/QueuesPage'));
const ResourcesHub = lazy(() => import('./resources/ResourcesHub'));
const CourseEditPage = lazy(() => import('./course-edit/CourseEditPage'));

/** /admin itself: the default section is the overview. */
const GoToOverview = () => <Navigate to="/overview" replace />;

export function App() {
  return (
    <Admin
      authProvider={authProvider}
      dataProvider={dataProvider}
      layout={AdminLayout}
      loginPage={LoginPage}
      dashboard={GoToOverview}
      theme={theme}
      title="Admin Portal"
      requireAuth
      disableTelemetry
    >
      <Resource name="users" {...users} />
      <Resource name="courses" {...courses} />
      <Resource name="payments" {...payments} />
      <Resource name="audit-log" {...auditLog} />
      {MEMBERS_RESOURCES.map((r) => (
        <Resource key={r.name} name={r.name} {...r.definition} />
      ))}
      <CustomRoutes>
        <Route path="/overview" element={<Overview />} />
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/queues" element={<QueuesPage />} />
        <Route path="/resources" element={<ResourcesHub />} />
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
