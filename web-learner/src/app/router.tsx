import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { lazyPage } from './lazyPage';
import { NotFoundPage } from './NotFoundPage';
import { metaOf, PAGE_META } from './pageMeta';
import { RequireLearner } from './RequireLearner';
import { RootLayout } from './RootLayout';
import { isPublicPage, usePageViews } from './usePageViews';

/**
 * Route-level code splitting: every screen is a lazy page, so a visitor
 * downloads only the screens they open (a first visit to / does not even load
 * this router: landing.tsx starts the landing page alone). Declarative routes
 * (useRoutes) keep React Router to its small core. A route's `handle` carries
 * its page title and description (pageMeta.ts), and marks the pages of the
 * public site, whose views are counted (usePageViews.ts).
 */
const Landing = lazyPage(
  () => import('../features/landing/LandingPage'),
  (m) => m.LandingPage,
);
const QueryLayout = lazyPage(
  () => import('./QueryLayout'),
  (m) => m.QueryLayout,
);
const Courses = lazyPage(
  () => import('../features/dashboard/sections/CoursesSection'),
  (m) => m.CoursesSection,
);
const Affiliate = lazyPage(
  () => import('../features/dashboard/sections/AffiliateSection'),
  (m) => m.AffiliateSection,
);
const RoiCalculator = lazyPage(
  () => import('../features/dashboard/sections/RoiCalculatorSection'),
  (m) => m.RoiCalculatorSection,
);
const ContentDatabase = lazyPage(
  () => import('../features/dashboard/sections/ContentDatabaseSection'),
  (m) => m.ContentDatabaseSection,
);
const Toolbox = lazyPage(
  () => import('../features/dashboard/sections/ToolboxSection'),
  (m) => m.ToolboxSection,
);
const Automations = lazyPage(
  () => import('../features/dashboard/sections/AutomationsSection'),
  (m) => m.AutomationsSection,
);
const TrafficBots = lazyPage(
  () => import('../features/dashboard/sections/TrafficBotsSection'),
  (m) => m.TrafficBotsSection,
);
const Account = lazyPage(
  () => import('../features/account/AccountPage'),
  (m) => m.AccountPage,
);
const AffiliateDashboard = lazyPage(
  () => import('../features/account/affiliate/AffiliateDashboardPage'),
  (m) => m.AffiliateDashboardPage,
);
const Terms = lazyPage(
  () => import('../features/legal/TermsPage'),
  (m) => m.TermsPage,
);
const Privacy = lazyPage(
  () => import('../features/legal/PrivacyPage'),
  (m) => m.PrivacyPage,
);
const Refund = lazyPage(
  () => import('../features/legal/RefundPage'),
  (m) => m.RefundPage,
);
const Payment = lazyPage(
  () => import('../features/checkout/PaymentPage'),
  (m) => m.PaymentPage,
);
const ThankYou = lazyPage(
  () => import('../features/checkout/ThankYouPage'),
  (m) => m.ThankYouPage,
);
const ResumeCheckout = lazyPage(
  () => import('../features/checkout/ResumeCheckoutPage'),
  (m) => m.ResumeCheckoutPage,
);
const Unsubscribe = lazyPage(
  () => import('../features/checkout/UnsubscribePage'),
  (m) => m.UnsubscribePage,
);
const Login = lazyPage(
  () => import('../features/auth/LoginPage'),
  (m) => m.LoginPage,
);
const ForgotPassword = lazyPage(
  () => import('../features/auth/ForgotPasswordPage'),
  (m) => m.ForgotPasswordPage,
);
const ResetPassword = lazyPage(
  () => import('../features/auth/ResetPasswordPage'),
  (m) => m.ResetPasswordPage,
);
const ConfirmEmail = lazyPage(
  () => import('../features/account/ConfirmEmailPage'),
  (m) => m.ConfirmEmailPage,
);
const CourseEditHandoff = lazyPage(
  () => import('../features/viewer/CourseEditHandoff'),
  (m) => m.CourseEditHandoff,
);
const Certificate = lazyPage(
  () => import('../features/certificates/CertificatePage'),
  (m) => m.CertificatePage,
);
const DashboardLayout = lazyPage(
  () => import('../features/dashboard/DashboardLayout'),
  (m) => m.DashboardLayout,
);
const CourseViewer = lazyPage(
  () => import('../features/viewer/CourseViewerPage'),
  (m) => m.CourseViewerPage,
);
const Preview = lazyPage(
  () => import('../features/viewer/PreviewPage'),
  (m) => m.PreviewPage,
);

const sections: RouteObject[] = [
  { path: 'courses', element: <Courses /> },
  { path: 'affiliate', element: <Affiliate /> },
  { path: 'roi-calculator', element: <RoiCalculator /> },
  { path: 'content-database', element: <ContentDatabase /> },
  { path: 'toolbox', element: <Toolbox /> },
  { path: 'automations', element: <Automations /> },
  { path: 'traffic-bots', element: <TrafficBots /> },
  { path: 'account', element: <Account /> },
  { path: 'referrals', element: <AffiliateDashboard /> },
  // An unknown section shows Courses.
  { path: '*', element: <Courses /> },
];

const screens: RouteObject[] = [
  { path: 'terms-of-service', handle: { meta: PAGE_META.terms, publicPage: true }, element: <Terms /> },
  { path: 'privacy-policy', handle: { meta: PAGE_META.privacy, publicPage: true }, element: <Privacy /> },
  { path: 'refund-policy', handle: { meta: PAGE_META.refund, publicPage: true }, element: <Refund /> },
  { path: 'payment', handle: { meta: PAGE_META.payment, publicPage: true }, element: <Payment /> },
  { path: 'thank-you', handle: { meta: PAGE_META.thankYou, publicPage: true }, element: <ThankYou /> },
  { path: 'checkout/resume', handle: { meta: PAGE_META.resumeCheckout }, element: <ResumeCheckout /> },
  { path: 'unsubscribe', handle: { meta: PAGE_META.unsubscribe }, element: <Unsubscribe /> },
  { path: 'login', handle: { meta: PAGE_META.login, publicPage: true }, element: <Login /> },
  { path: 'forgot-password', handle: { meta: PAGE_META.forgotPassword, publicPage: true }, element: <ForgotPassword /> },
  { path: 'reset-password', handle: { meta: PAGE_META.resetPassword, publicPage: true }, element: <ResetPassword /> },
  { path: 'confirm-email', element: <ConfirmEmail /> },
  { path: 'certificates/:id', element: <Certificate /> },
  { path: 'course/:courseId/edit', element: <CourseEditHandoff /> },
  // An author's preview of a course's draft: the signed link is the authority, so no sign-in.
  { path: 'preview/:token', element: <Preview /> },
  {
    element: <RequireLearner />,
    children: [
      {
        path: 'dashboard',
        element: <DashboardLayout />,
        children: [{ index: true, element: <Navigate to="/dashboard/courses" replace /> }, ...sections],
      },
      { path: 'course/:courseId', element: <CourseViewer /> },
    ],
  },
];

export const routes: RouteObject[] = [
  { index: true, handle: { meta: PAGE_META.landing, publicPage: true }, element: <Landing /> },
  // Server state (TanStack Query) is used by every screen but the landing page, so it loads with them.
  { element: <QueryLayout />, children: screens },
  { path: '*', element: <NotFoundPage /> },
];

/** The app's screens for the current address, in the layout every screen shares. */
export function AppRoutes() {
  const location = useLocation();
  const screen = useRoutes(routes, location);
  const matches = matchRoutes(routes, location) ?? [];
  // The page's title and description: the deepest route that has them.
  const meta = matches
    .map((match) => metaOf(match.route.handle))
    .reverse()
    .find((m) => m !== undefined);
  usePageViews(matches.some((match) => isPublicPage(match.route.handle)));
  return <RootLayout meta={meta}>{screen}</RootLayout>;
}
