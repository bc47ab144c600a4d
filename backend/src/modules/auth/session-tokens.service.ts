import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import Redis from 'ioredis';
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { sessionHasAdminPower } from '../../common/auth/admin-power';
import type { AuthUser, Role, TokenKind } from '../../common/auth/auth-user';
import { CommonError } from '../../common/errors/common.error';
import { authConfig } from '../../config';
import { REDIS } from '../../redis/redis.module';
import { UsersService, type UserRow } from '../users';

/** The caller as the guard establishes it, from a fresh user row and what authenticated them (a token, or a signed link). */
export function toAuthUser(user: UserRow, via: { kind: TokenKind; jti: string; exp: number; session?: AuthUser['session'] }): AuthUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    status: user.status,
    plan: user.plan,
    hasAccess: sessionHasAdminPower(user, via.kind) || user.has_access,
    tokenVersion: user.token_version,
    ...via,
  };
}

interface Claims {
  sub: string;
  role: Role;
  kind: TokenKind;
  tv: number;
  jti: string;
  exp: number;
  /** Admin sessions: session id and sign-in time (seconds), carried over by every renewal. */
  sid?: string;
  sst?: number;
  /** Admin sessions: the sign-in passed a second factor (carried over by every renewal). */
  mf?: boolean;
}

export interface IssuedToken {
  token: string;
  expiresAt: string;
}

/** A session that slides: its id and when it began, so renewals can neither outlive the absolute maximum nor survive a logout. */
export interface SlidingSession {
  id: string;
  startedAt: number;
  /** The latest expiry a renewal may reach (seconds since epoch). */
  endsBy: number;
  /** The sign-in passed a second factor: once two-factor sign-in is required, admin sessions without one end. */
  secondFactor: boolean;
}

/**
 * Signed session tokens: HS256 only (an `alg: none` or RS/HS confusion token
 * is refused), with issuer, audience and expiry. A token ends early when its
 * id is on the Redis denylist (logout) or the user's token_version moved on
 * (sign out everywhere, suspension, password change).
 */
@Injectable()
export class SessionTokens {
  constructor(
    private readonly jwt: JwtService,
    private readonly users: UsersService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(authConfig.KEY) private readonly config: ConfigType<typeof authConfig>,
  ) {
    this.key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
  }

  /**
   * The HS256 key, made once. Given the secret as a string, jsonwebtoken first
   * tries it as a PEM key (createPrivateKey/createPublicKey, which throw) on
   * every sign and every verify: about half a millisecond of CPU per request.
   */
  private readonly key: KeyObject;

  /** @nestjs/jwt's option types name only string | Buffer; it hands any jsonwebtoken Secret, a KeyObject too, to jsonwebtoken. */
  private get secret(): Buffer {
    return this.key as unknown as Buffer;
  }

  /**
   * A signed token for `ttlSeconds`; within a sliding session it is cut at
   * the session's absolute end and carries the session's id and start.
   */
  async issue(user: { id: string; role: Role; token_version: number }, kind: TokenKind, ttlSeconds: number, session?: SlidingSession): Promise<IssuedToken> {
    const now = Math.floor(Date.now() / 1000);
    const exp = session ? Math.min(now + ttlSeconds, session.endsBy) : now + ttlSeconds;
    // iat and exp set here (not through expiresIn), so the expiry is exactly the one answered and the absolute cap holds to the second.
    const claims = {
      sub: user.id,
      role: user.role,
      kind,
      tv: user.token_version,
      jti: randomUUID(),
      iat: now,
      exp,
      ...(session ? { sid: session.id, sst: session.startedAt, ...(session.secondFactor ? { mf: true } : {}) } : {}),
    };
    const token = await this.jwt.signAsync(claims, {
      algorithm: 'HS256',
      secret: this.secret,
      issuer: this.config.issuer,
      audience: this.config.audience,
    });
    return { token, expiresAt: new Date(exp * 1000).toISOString() };
  }

  async authenticate(token: string): Promise<AuthUser> {
    let claims: Claims;
    try {
      claims = await this.jwt.verifyAsync<Claims>(token, {
        algorithms: ['HS256'],
        secret: this.secret,
        issuer: this.config.issuer,
        audience: this.config.audience,
      });
    } catch (err) {
      throw CommonError.unauthenticated(
        (err as Error).name === 'TokenExpiredError' ? 'Your session has expired. Please sign in again.' : 'Invalid session token',
      );
    }
    if (!claims.jti || !claims.sub || (claims.kind !== 'learner' && claims.kind !== 'admin')) throw CommonError.unauthenticated('Invalid session token');
    const revoked = await this.redis.exists(`auth:revoked:${claims.jti}`, ...(claims.sid ? [`auth:revoked-session:${claims.sid}`] : []));
    if (revoked > 0) throw CommonError.unauthenticated('Your session has ended. Please sign in again.');
    const user = await this.users.findById(claims.sub);
    if (!user || user.token_version !== claims.tv) throw CommonError.unauthenticated('Your session has ended. Please sign in again.');
    if (user.status !== 'active') throw CommonError.unauthenticated(`Your account is ${user.status}. Please contact support.`);
    const session = claims.sid && typeof claims.sst === 'number' ? { id: claims.sid, startedAt: claims.sst, secondFactor: claims.mf === true } : undefined;
    return toAuthUser(user, { kind: claims.kind, jti: claims.jti, exp: claims.exp, session });
  }

  /** The session a signed link was minted in has been signed out of (the learner token's id, or the admin session's). */
  async sessionEnded(session: string): Promise<boolean> {
    return (await this.redis.exists(`auth:revoked:${session}`, `auth:revoked-session:${session}`)) > 0;
  }

  /** Ends one token for the rest of its life, and with it every renewal of its session (they end by the absolute maximum at the latest). */
  async revoke(user: Pick<AuthUser, 'jti' | 'exp' | 'session'>, sessionEndsBy?: number): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    const ttl = user.exp - now;
    if (ttl > 0) await this.redis.set(`auth:revoked:${user.jti}`, '1', 'EX', ttl);
    if (user.session && sessionEndsBy && sessionEndsBy > now) await this.redis.set(`auth:revoked-session:${user.session.id}`, '1', 'EX', sessionEndsBy - now);
  }
}
