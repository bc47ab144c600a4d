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
  jti: string;
  /** Token expiry, seconds since epoch. */
  exp: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
}
