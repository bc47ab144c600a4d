import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import { sessionHasAdminPower } from '../../common/auth/admin-power';
import type { AuthUser, TokenKind } from '../../common/auth/auth-user';
import { CommonError } from '../../common/errors/common.error';
import { authConfig } from '../../config';
import { SettingsService } from '../settings';
import { UsersService, type UserRow } from '../users';
import type { Me, SessionResult, SessionTiming, SessionUser } from './dto/session.dto';
import { SessionTokens, type SlidingSession } from './session-tokens.service';

/**
 * The sessions a user holds once they have proved who they are: a fresh one
 * (after sign-in, account creation or a password change), the admin
 * console's sliding renewal, "who am I", and signing out (this session, or
 * every one).
 */
@Injectable()
export class Sessions {
  constructor(
    private readonly users: UsersService,
    private readonly tokens: SessionTokens,
    private readonly settings: SettingsService,
    @Inject(authConfig.KEY) private readonly config: ConfigType<typeof authConfig>,
  ) {}

  /**
   * A fresh session for a user (after sign-in, account creation or a password
   * change). Admin sessions slide: they last the Security setting
   * sessionTimeout from the last renewal, up to the absolute maximum.
   */
  async open(account: string | UserRow, kind: TokenKind, rememberMe = false, secondFactor = false): Promise<SessionResult> {
    const user = typeof account === 'string' ? (await this.users.findById(account))! : account;
    if (kind === 'admin') {
      const startedAt = Math.floor(Date.now() / 1000);
      return this.adminSession(user, { id: randomUUID(), startedAt, endsBy: startedAt + this.config.adminSessionMaxSeconds, secondFactor });
    }
    const ttl = rememberMe ? this.config.learnerRememberTtlSeconds : this.config.learnerTtlSeconds;
    const issued = await this.tokens.issue(user, kind, ttl);
    return { success: true, ...issued, user: toSessionUser(user, kind) };
  }

  /**
   * The admin was active: a new token for the same session, lasting the
   * inactivity timeout again but never past the session's absolute end.
   */
  async renewAdminSession(current: AuthUser): Promise<SessionResult> {
    if (current.kind !== 'admin' || !current.session) throw CommonError.unauthenticated('This session cannot be renewed. Please sign in again.');
    const user = await this.users.findById(current.id);
    if (!user) throw CommonError.unauthenticated('Your session has ended. Please sign in again.');
    return this.adminSession(user, { ...current.session, endsBy: current.session.startedAt + this.config.adminSessionMaxSeconds });
  }

  /**
   * The signed-in admin passed a second factor in this session (set up
   * two-factor sign-in from the console): the session is replaced by one
   * that carries it, so requiring two-factor sign-in does not end it.
   */
  async upgradeToSecondFactor(current: AuthUser): Promise<SessionResult> {
    await this.logout(current);
    return this.open(current.id, 'admin', false, true);
  }

  async me(user: AuthUser): Promise<Me> {
    const row = await this.users.findById(user.id);
    if (!row) throw CommonError.unauthenticated('Your session has ended. Please sign in again.');
    const expiresAt = new Date(user.exp * 1000).toISOString();
    const timing = user.session
      ? this.timing(expiresAt, { ...user.session, endsBy: user.session.startedAt + this.config.adminSessionMaxSeconds }, await this.adminIdleTimeoutSeconds())
      : {};
    return { user: toSessionUser(row, user.kind), session: { kind: user.kind, expiresAt, ...timing } };
  }

  async logout(user: AuthUser): Promise<void> {
    await this.tokens.revoke(user, user.session ? user.session.startedAt + this.config.adminSessionMaxSeconds : undefined);
  }

  async logoutEverywhere(user: AuthUser): Promise<void> {
    await this.users.endAllSessions(user.id);
  }

  private async adminSession(user: UserRow, session: SlidingSession): Promise<SessionResult> {
    const idleTimeoutSeconds = await this.adminIdleTimeoutSeconds();
    const issued = await this.tokens.issue(user, 'admin', idleTimeoutSeconds, session);
    return { success: true, ...issued, user: toSessionUser(user, 'admin'), session: this.timing(issued.expiresAt, session, idleTimeoutSeconds) };
  }

  private async adminIdleTimeoutSeconds(): Promise<number> {
    return (await this.settings.get('security')).sessionTimeout * this.config.sessionMinuteSeconds;
  }

  private timing(expiresAt: string, session: SlidingSession, idleTimeoutSeconds: number): SessionTiming {
    return {
      expiresAt,
      absoluteExpiresAt: new Date(session.endsBy * 1000).toISOString(),
      idleTimeoutSeconds,
      warningSeconds: Math.min(this.config.adminSessionWarningSeconds, Math.floor(idleTimeoutSeconds / 2)),
    };
  }
}

/** The user as a session of this kind shows them: an administrator's learner-portal session has no admin power, so access only from a purchase. */
function toSessionUser(user: UserRow, kind: TokenKind): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    plan: user.plan,
    hasAccess: sessionHasAdminPower(user, kind) || Boolean(user.has_access),
    joinDate: user.join_date,
    lastLoginAt: user.last_login_at ? new Date(user.last_login_at).toISOString() : null,
    language: user.language,
  };
}
