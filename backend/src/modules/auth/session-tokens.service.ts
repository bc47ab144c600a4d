import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { AuthUser, Role, TokenKind } from '../../common/auth/auth-user';
import { ApiError } from '../../common/errors/api-error';
import { authConfig } from '../../config';
import { REDIS } from '../../redis/redis.module';
import { UsersService } from '../users/users.service';

interface Claims {
  sub: string;
  role: Role;
  kind: TokenKind;
  tv: number;
  jti: string;
  exp: number;
}

export interface IssuedToken {
  token: string;
  expiresAt: string;
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
  ) {}

  async issue(user: { id: string; role: Role; token_version: number }, kind: TokenKind, ttlSeconds: number): Promise<IssuedToken> {
    const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
    const token = await this.jwt.signAsync(
      { sub: user.id, role: user.role, kind, tv: user.token_version, jti: randomUUID() },
      { algorithm: 'HS256', secret: this.config.jwtSecret, issuer: this.config.issuer, audience: this.config.audience, expiresIn: ttlSeconds },
    );
    return { token, expiresAt: new Date(exp * 1000).toISOString() };
  }

  async authenticate(token: string): Promise<AuthUser> {
    let claims: Claims;
    try {
      claims = await this.jwt.verifyAsync<Claims>(token, {
        algorithms: ['HS256'],
        secret: this.config.jwtSecret,
        issuer: this.config.issuer,
        audience: this.config.audience,
      });
    } catch (err) {
      throw ApiError.unauthorized((err as Error).name === 'TokenExpiredError' ? 'Your session has expired. Please sign in again.' : 'Invalid session token');
    }
    if (!claims.jti || !claims.sub || (claims.kind !== 'learner' && claims.kind !== 'admin')) throw ApiError.unauthorized('Invalid session token');
    if (await this.redis.exists(`auth:revoked:${claims.jti}`)) throw ApiError.unauthorized('Your session has ended. Please sign in again.');
    const user = await this.users.findById(claims.sub);
    if (!user || user.token_version !== claims.tv) throw ApiError.unauthorized('Your session has ended. Please sign in again.');
    if (user.status !== 'active') throw ApiError.unauthorized(`Your account is ${user.status}. Please contact support.`);
    return { id: user.id, email: user.email, name: user.name, role: user.role, status: user.status, plan: user.plan, kind: claims.kind, jti: claims.jti, exp: claims.exp };
  }

  /** Ends one token for the rest of its life. */
  async revoke(user: Pick<AuthUser, 'jti' | 'exp'>): Promise<void> {
    const ttl = user.exp - Math.floor(Date.now() / 1000);
    if (ttl > 0) await this.redis.set(`auth:revoked:${user.jti}`, '1', 'EX', ttl);
  }
}
