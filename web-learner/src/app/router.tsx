import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingBlock } from '../components/Spinner';
import { LandingPage } from '../features/landing/LandingPage';
import { ErrorScreen } from './ErrorScreen';
import { NotFoundPage } from './NotFoundPage';
import { RequireLearner } from './RequireLearner';
import { RootLayout } from './RootLayout';

/**
 * Route-level code splitting: the landing page is in the entry chunk and
 * every other screen is a `lazy` route, so a visitor of / never downloads the
 * checkout, dashboard or viewer code, nor TanStack Query.
 */
const sections: RouteObject[] = [
  { path: 'courses', lazy: async () => ({ Component: (await import('../features/dashboard/sections/CoursesSection')).CoursesSection }) },
  { path: 'affiliate', lazy: async () => ({ Component: (await import('../features/dashboard/sections/AffiliateSection')).AffiliateSection }) },
  {
    path: 'roi-calculator',
    lazy: async () => ({ Component: (await import('../features/dashboard/sections/RoiCalculatorSection')).RoiCalculatorSection }),
  },
  {
    path: 'content-database',
    lazy: async () => ({ Component: (await import('../features/dashboard/sections/ContentDatabaseSection')).ContentDatabaseSection }),
  },
  { path: 'toolbox', lazy: async () => ({ Component: (await import('../features/dashboard/sections/ToolboxSection')).ToolboxSection }) },
  { path: 'automations', lazy: async () => ({ Component: (await import('../features/dashboard/sections/AutomationsSection')).AutomationsSection }) },
  { path: 'traffic-bots', lazy: async () => ({ Component: (await import('../features/dashboard/sections/TrafficBotsSection')).TrafficBotsSection }) },
  // An unknown section shows Courses.
  { path: '*', lazy: async () => ({ Component: (await import('../features/dashboard/sections/CoursesSection')).CoursesSection }) },
];

const screens: RouteObject[] = [
  { path: 'terms-of-service', lazy: async () => ({ Component: (await import('../features/legal/TermsPage')).TermsPage }) },
  { path: 'privacy-policy', lazy: async () => ({ Component: (await import('../features/legal/PrivacyPage')).PrivacyPage }) },
  { path: 'refund-policy', lazy: async () => ({ Component: (await import('../features/legal/RefundPage')).RefundPage }) },
  { path: 'payment', lazy: async () => ({ Component: (await import('../features/checkout/PaymentPage')).PaymentPage }) },
  { path: 'thank-you', lazy: async () => ({ Component: (await import('../features/checkout/ThankYouPage')).ThankYouPage }) },
  { path: 'login', lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }) },
  { path: 'forgot-password', lazy: async () => ({ Component: (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage }) },
  { path: 'reset-password', lazy: async () => ({ Component: (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage }) },
  { path: 'course/:courseId/edit', lazy: async () => ({ Component: (await import('../features/viewer/CourseEditHandoff')).CourseEditHandoff }) },
  {
    element: <RequireLearner />,
    children: [
      {
        path: 'dashboard',
        lazy: async () => ({ Component: (await import('../features/dashboard/DashboardLayout')).DashboardLayout }),
        children: [{ index: true, element: <Navigate to="/dashboard/courses" replace /> }, ...sections],
      },
      { path: 'course/:courseId', lazy: async () => ({ Component: (await import('../features/viewer/CourseViewerPage')).CourseViewerPage }) },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <LoadingBlock label="Loading..." />,
    children: [
      { index: true, element: <LandingPage /> },
      // Server state (TanStack Query) is used by every screen but the landing page, so it loads with them.
      { lazy: async () => ({ Component: (await import('./QueryLayout')).QueryLayout }), children: screens },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
