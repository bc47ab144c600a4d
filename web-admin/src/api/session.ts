/** The admin session as the spec keeps it in browser storage: flag, email and token. */
const TOKEN = 'adminToken';
const FLAG = 'isAdminAuthenticated';
const EMAIL = 'adminEmail';
/** How the session slides (inactivity timeout, warning, absolute end), as the server answered it. */
const TIMING = 'adminSessionTiming';

export interface StoredTiming {
  absoluteExpiresAt: string;
  idleTimeoutSeconds: number;
  warningSeconds: number;
}

export const session = {
  token: (): string | null => localStorage.getItem(TOKEN),
  email: (): string | null => localStorage.getItem(EMAIL),
  isSignedIn: (): boolean => localStorage.getItem(FLAG) === 'true' && !!localStorage.getItem(TOKEN),
  start(token: string, email: string): void {
    localStorage.setItem(TOKEN, token);
    localStorage.setItem(FLAG, 'true');
    localStorage.setItem(EMAIL, email);
  },
  replaceToken(token: string): void {
    localStorage.setItem(TOKEN, token);
  },
  timing(): StoredTiming | null {
    try {
      return JSON.parse(localStorage.getItem(TIMING) ?? 'null') as StoredTiming | null;
    } catch {
      return null;
    }
  },
  setTiming(timing: StoredTiming | undefined): void {
    if (!timing) return;
    const { absoluteExpiresAt, idleTimeoutSeconds, warningSeconds } = timing;
    localStorage.setItem(TIMING, JSON.stringify({ absoluteExpiresAt, idleTimeoutSeconds, warningSeconds }));
  },
  clear(): void {
    localStorage.removeItem(TOKEN);
    localStorage.removeItem(FLAG);
    localStorage.removeItem(EMAIL);
    localStorage.removeItem(TIMING);
  },
};
