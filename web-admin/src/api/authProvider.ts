import { HttpError, type AuthProvider } from 'react-admin';
import { api } from './http';
import { session } from './session';
import type { Me, SessionResult } from './types';

export const ROLE_LABELS: Record<string, string> = { admin: 'System Administrator', student: 'Student' };

/** One `GET /api/auth/me` per token: checkAuth runs on every page, the answer only changes with the token. */
let identity: { token: string; me: Promise<Me> } | null = null;

function currentSession(): Promise<Me> {
  const token = session.token();
  if (!token || !session.isSignedIn()) return Promise.reject(new HttpError('Not signed in', 401));
  if (identity?.token !== token) {
    const me = api('get', '/api/auth/me');
    identity = { token, me };
    me.catch(() => {
      if (identity?.me === me) identity = null;
    });
  }
  return identity.me;
}

function endLocalSession(): void {
  session.clear();
  identity = null;
}

const isAuthFailure = (status: number | undefined) => status === 401 || status === 403;

/** The admin was active: the server renews the session (the same session, a new expiry, never past its absolute end). */
export async function renewSession(): Promise<SessionResult> {
  const result = await api('post', '/api/admin/session/refresh');
  session.replaceToken(result.token);
  session.setTiming(result.session);
  return result;
}

export const authProvider: AuthProvider = {
  /** The sign-in page runs the steps (password, then a two-factor code where needed) and hands over the session it got. */
  async login({ session: result }: { session: SessionResult }) {
    session.start(result.token, result.user.email);
    session.setTiming(result.session);
  },

  async logout() {
    if (session.token()) {
      await api('post', '/api/auth/logout').catch(() => undefined);
    }
    endLocalSession();
  },

  async checkAuth() {
    try {
      const me = await currentSession();
      if (me.session.kind !== 'admin' || me.user.role !== 'admin') throw new HttpError('Admins only', 403);
    } catch (error) {
      // Only the server's "no" (401/403) ends the session. A transient failure keeps it: a 5xx, or a
      // request that never got an answer (offline, or cancelled because the page is reloading).
      if (!session.token() || (error instanceof HttpError && isAuthFailure(error.status))) {
        endLocalSession();
        throw { message: false };
      }
    }
  },

  /** 401/403 from any call: react-admin then calls logout() and shows "Your session has ended". */
  async checkError(error: { status?: number }) {
    if (isAuthFailure(error?.status)) throw { status: error.status };
  },

  async getIdentity() {
    const { user } = await currentSession();
    return { id: user.id, fullName: user.name, email: user.email, role: user.role, roleLabel: ROLE_LABELS[user.role] ?? user.role };
  },

  async getPermissions() {
    return session.isSignedIn() ? 'admin' : undefined;
  },
};
