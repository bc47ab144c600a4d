import { useSyncExternalStore } from 'react';

/** Browser storage keys of the learner session (spec: isAuthenticated, userEmail; plus the server's token). */
export const SESSION_KEYS = {
  token: 'learnerToken',
  authenticated: 'isAuthenticated',
  email: 'userEmail',
} as const;

/** Keys the checkout keeps between the payment page and the thank-you page. */
export const CHECKOUT_KEYS = {
  email: 'userEmail',
  paymentId: 'paymentId',
  amount: 'paymentAmount',
  currency: 'paymentCurrency',
  /** How the buyer chose to pay (crypto, card, paypal): a failed or cancelled payment comes back to it. */
  method: 'paymentMethod',
  /** The proof of purchase the checkout answered: only this browser can create the account without the emailed link. */
  claimSecret: 'paymentClaimSecret',
} as const;

export interface Session {
  token: string;
  email: string;
}

const listeners = new Set<() => void>();
let cached: Session | null | undefined;
/** Where a deliberate end of the session (sign-out, account deleted) sends the learner; null: it expired or was revoked. */
let leavingTo: string | null = null;

function read(): Session | null {
  const token = localStorage.getItem(SESSION_KEYS.token);
  if (!token || localStorage.getItem(SESSION_KEYS.authenticated) !== 'true') return null;
  return { token, email: localStorage.getItem(SESSION_KEYS.email) ?? '' };
}

function changed(): void {
  cached = undefined;
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  if (cached === undefined) cached = read();
  return cached;
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

export function startSession(token: string, email: string): void {
  leavingTo = null;
  localStorage.setItem(SESSION_KEYS.token, token);
  localStorage.setItem(SESSION_KEYS.authenticated, 'true');
  localStorage.setItem(SESSION_KEYS.email, email);
  changed();
}

/**
 * Ends the session in this browser. `goTo` marks a deliberate end (sign-out,
 * account deleted): a member-only screen still on display while the next one
 * loads then sends the learner there, not to the sign-in page with a return
 * address (what an expired session gets).
 */
export function endSession(goTo?: string): void {
  leavingTo = goTo ?? null;
  for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
  changed();
}

/** Where the learner was going when they ended their session on purpose, if they are not there yet. */
export function sessionLeftFor(): string | null {
  return leavingTo;
}

/** The screen at `pathname` is showing: a sign-out that was going there has arrived (the guards go back to /login?redirect=…). */
export function arrivedAt(pathname: string): void {
  if (leavingTo !== null && leavingTo.split('?')[0] === pathname) leavingTo = null;
}

/** What the sign-in page says to a learner who just ended their sessions on purpose (`/login?notice=…`). */
export const SESSION_NOTICES = ['account-deleted', 'signed-out-everywhere'] as const;
export type SessionNotice = (typeof SESSION_NOTICES)[number];

export function forgetCheckout(): void {
  for (const key of Object.values(CHECKOUT_KEYS)) localStorage.removeItem(key);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (Object.values(SESSION_KEYS) as string[]).includes(event.key)) changed();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in learner, re-rendering when another tab or a 401 ends the session. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}
