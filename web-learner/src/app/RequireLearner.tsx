import { Navigate, Outlet, useLocation } from 'react-router';
import { sessionLeftFor, useSession } from '../auth/session';

/** Learner-only routes: without a session, /login, which returns here after sign-in (or where a deliberate sign-out was going). */
export function RequireLearner() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    // Signed out on purpose: this screen may still show while the next one loads; it goes there, not to /login.
    const leftFor = sessionLeftFor();
    if (leftFor) return <Navigate to={leftFor} replace />;
    const wanted = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  }
  return <Outlet />;
}

/** Only paths of this app: never an absolute or protocol-relative address from the query string. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/dashboard';
  return value;
}
