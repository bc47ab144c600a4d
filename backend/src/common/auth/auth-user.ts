export type Role = 'student' | 'admin';
export type TokenKind = 'learner' | 'admin';

/** The caller, as established by the auth guard from a verified token and a fresh user row. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  status: 'active' | 'inactive' | 'suspended';
  plan: 'free' | 'premium' | 'lifetime';
  kind: TokenKind;
  /** May study: an administrator, or a user with an active entitlement (as of this request). */
  hasAccess: boolean;
  /** The user's token_version when the token was checked: signed links carry it, so they end with the sessions. */
  tokenVersion: number;
  jti: string;
  /** Token expiry, seconds since epoch. */
  exp: number;
  /** Admin sessions: the sign-in the token was renewed from (its id and start, seconds since epoch, and whether it passed a second factor); renewals keep them. */
  session?: { id: string; startedAt: number; secondFactor: boolean };
  /** A request made with an API key (acting for the admin who created it): the key, its display prefix and its scopes. */
  apiKey?: { id: string; name: string; prefix: string; scopes: Record<string, 'read' | 'write'> };
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
}
