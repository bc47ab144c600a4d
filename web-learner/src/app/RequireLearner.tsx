import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../auth/session';

/** Learner-only routes: without a session, /login, which returns here after sign-in. */
export function RequireLearner() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
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
