/** The admin session as the spec keeps it in browser storage: flag, email and token. */
const TOKEN = 'adminToken';
const FLAG = 'isAdminAuthenticated';
const EMAIL = 'adminEmail';

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
  clear(): void {
    localStorage.removeItem(TOKEN);
    localStorage.removeItem(FLAG);
    localStorage.removeItem(EMAIL);
  },
};
