/** The claims of the admin token that the console's session clock reads (the server stays the authority). */
export interface TokenTimes {
  /** Issued at, seconds since epoch. */
  iat: number;
  /** Expires at, seconds since epoch. */
  exp: number;
}

export function tokenTimes(token: string | null): TokenTimes | null {
  if (!token) return null;
  try {
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(payload)) as Partial<TokenTimes>;
    return typeof claims.exp === 'number' && typeof claims.iat === 'number' ? { iat: claims.iat, exp: claims.exp } : null;
  } catch {
    return null;
  }
}

export interface ClockInput {
  now: number;
  token: TokenTimes;
  /** When the admin last clicked, typed or scrolled (ms). */
  lastActivity: number;
  /** The session's absolute end (ms); renewals cannot pass it. */
  absoluteEnd: number;
  idleTimeoutSeconds: number;
  warningSeconds: number;
}

export type SessionState =
  | { kind: 'ok' }
  /** Active since the token was issued: renew it now (at most about once a minute). */
  | { kind: 'renew' }
  /** Idle (or at the absolute end): the warning dialog, with the seconds left. */
  | { kind: 'warn'; secondsLeft: number; final: boolean }
  | { kind: 'expired'; reason: 'idle' | 'limit' };

/**
 * What the session watch should do now. Activity after the token was issued
 * renews it once the token is a little older (a minute, or a third of a short
 * timeout); an idle admin sees the warning `warningSeconds` before the end;
 * a session at its absolute end cannot be renewed and warns as final.
 */
export function sessionState(input: ClockInput): SessionState {
  const issuedAt = input.token.iat * 1000;
  const expiresAt = input.token.exp * 1000;
  const final = expiresAt >= input.absoluteEnd - 1000;
  if (input.now >= expiresAt) return { kind: 'expired', reason: final ? 'limit' : 'idle' };
  const renewAfter = Math.min(60_000, (input.idleTimeoutSeconds * 1000) / 3);
  if (!final && input.lastActivity > issuedAt && input.now - issuedAt >= renewAfter) return { kind: 'renew' };
  const secondsLeft = Math.ceil((expiresAt - input.now) / 1000);
  if (secondsLeft <= input.warningSeconds) return { kind: 'warn', secondsLeft, final };
  return { kind: 'ok' };
}

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
