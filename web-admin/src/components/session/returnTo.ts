/**
 * Where an admin was when the session ended, and why, so the sign-in page can
 * say so and take them back there (kept in the browser, as the session is).
 */
const RETURN_TO = 'adminReturnTo';
const ENDED = 'adminSessionEnded';

export type EndReason = 'idle' | 'limit';

export function rememberReturn(path: string, reason?: EndReason): void {
  if (isConsolePath(path)) localStorage.setItem(RETURN_TO, path);
  if (reason) localStorage.setItem(ENDED, reason);
}

export function sessionEndReason(): EndReason | null {
  const value = localStorage.getItem(ENDED);
  return value === 'idle' || value === 'limit' ? value : null;
}

/** Where to go after signing in: where the admin was sent from, else where the session ended, else the overview. */
export function returnTarget(from?: string | null): string {
  if (from && isConsolePath(from)) return from;
  const stored = localStorage.getItem(RETURN_TO);
  return stored && isConsolePath(stored) ? stored : '/overview';
}

export function forgetReturn(): void {
  localStorage.removeItem(RETURN_TO);
  localStorage.removeItem(ENDED);
}

/** A path inside the console (relative to /admin), never the sign-in page itself nor another origin. */
function isConsolePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !/^\/(login)?([?#].*)?$/.test(path);
}
