import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import type { AuthUser, TokenKind } from '../../common/auth/auth-user';
import { ApiError } from '../../common/errors/api-error';
import { appConfig, authConfig } from '../../config';
import { TransactionRunner } from '../../events/transaction-runner';
import { REDIS } from '../../redis/redis.module';
import { MailService } from '../mail/mail.service';
import { passwordResetMail } from '../mail/templates';
import { PaymentsService } from '../payments/payments.service';
import { SettingsService } from '../settings/settings.service';
import { AccessService } from '../users/access.service';
import { verifyPassword } from '../users/password-hasher';
import { normaliseEmail, passwordProblem } from '../users/password-policy';
import { PasswordResetService } from '../users/password-reset.service';
import { UsersService, type UserRow } from '../users/users.service';
import { RateLimiter } from './rate-limiter';
import { SessionTokens, type IssuedToken } from './session-tokens.service';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const RESET_REQUESTED = 'If an account exists for this email, a link to reset the password is on its way.';
export const RESET_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: string;
  status: string;
  plan: string;
  hasAccess: boolean;
  joinDate: string;
  lastLoginAt: string | null;
}

export interface SessionResult extends IssuedToken {
  success: true;
  message?: string;
  user: SessionUser;
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);
  private readonly loginFailures: RateLimiter;
  private readonly resetRequests: RateLimiter;

  constructor(
    private readonly users: UsersService,
    private readonly access: AccessService,
    private readonly tokens: SessionTokens,
    private readonly resets: PasswordResetService,
    private readonly tx: TransactionRunner,
    private readonly mail: MailService,
    private readonly settings: SettingsService,
    private readonly payments: PaymentsService,
    @Inject(REDIS) redis: Redis,
    @Inject(authConfig.KEY) private readonly config: ConfigType<typeof authConfig>,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {
    this.loginFailures = new RateLimiter(redis, 'login', config.loginWindowSeconds);
    this.resetRequests = new RateLimiter(redis, 'reset', config.loginWindowSeconds);
  }

  async login(input: { email: string; password: string; rememberMe?: boolean; ip: string }, kind: TokenKind): Promise<SessionResult> {
    const email = normaliseEmail(input.email);
    const rules = [
      { key: `acct:${email}`, max: this.config.loginMaxFailures },
      { key: `ip:${input.ip}`, max: this.config.loginMaxFailuresPerIp },
    ];
    // The attempt counts as a failure from the start, so parallel guesses cannot all pass a read-then-count check.
    const wait = await this.loginFailures.reserve(rules);
    if (wait > 0) throw ApiError.tooManyRequests(`Too many failed sign-in attempts. Please wait ${wait} seconds and try again.`, wait);

    const user = await this.users.findByEmail(email);
    const valid = await verifyPassword(user?.password_hash ?? null, input.password);
    if (!user || !valid || (kind === 'admin' && user.role !== 'admin')) throw ApiError.unauthorized(INVALID_CREDENTIALS);
    await this.loginFailures.release(rules, [`acct:${email}`]);
    if (user.status !== 'active') throw ApiError.forbidden(`Your account is ${user.status}. Please contact support.`);

    await this.users.recordLogin(user);
    return this.session(user.id, kind, input.rememberMe);
  }

  /** A fresh session for a user (after sign-in, account creation or a password change). */
  async session(userId: string, kind: TokenKind, rememberMe = false): Promise<SessionResult> {
    const user = (await this.users.findById(userId))!;
    const ttl =
      kind === 'admin'
        ? (await this.settings.get('security')).sessionTimeout * 60
        : rememberMe
          ? this.config.learnerRememberTtlSeconds
          : this.config.learnerTtlSeconds;
    const issued = await this.tokens.issue(user, kind, ttl);
    return { success: true, ...issued, user: toSessionUser(user) };
  }

  async me(user: AuthUser): Promise<{ user: SessionUser; session: { kind: TokenKind; expiresAt: string } }> {
    const row = await this.users.findById(user.id);
    if (!row) throw ApiError.unauthorized('Your session has ended. Please sign in again.');
    return { user: toSessionUser(row), session: { kind: user.kind, expiresAt: new Date(user.exp * 1000).toISOString() } };
  }

  async logout(user: AuthUser): Promise<void> {
    await this.tokens.revoke(user);
  }

  async logoutEverywhere(user: AuthUser): Promise<void> {
    await this.users.endAllSessions(user.id);
  }

  async forgotPassword(emailInput: string, ip: string): Promise<void> {
    const email = normaliseEmail(emailInput);
    const rules = [
      { key: `acct:${email}`, max: 3 },
      { key: `ip:${ip}`, max: this.config.loginMaxFailuresPerIp },
    ];
    const wait = await this.resetRequests.reserve(rules);
    if (wait > 0) throw ApiError.tooManyRequests(`Too many reset requests. Please wait ${wait} seconds and try again.`, wait);

    const user = await this.users.findByEmail(email);
    if (!user || user.status === 'suspended') return;
    const token = await this.tx.run((tx) => this.resets.issue(tx.manager, user.id, this.config.resetTokenTtlSeconds));
    const { siteName } = await this.settings.get('general');
    const link = `${this.app.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // The answer must not differ for a known email, even when the mail queue is unreachable.
    await this.mail.send(passwordResetMail(siteName, user.email, link, Math.round(this.config.resetTokenTtlSeconds / 60))).catch((err: Error) => {
      this.logger.error({ userId: user.id, err: err.message }, 'Password-reset email could not be queued');
    });
  }

  async resetPassword(token: string, password: string, ip: string): Promise<void> {
    const rules = [{ key: `reset-ip:${ip}`, max: this.config.loginMaxFailuresPerIp }];
    const problem = passwordProblem(password);
    if (problem) throw ApiError.field('password', problem);
    const wait = await this.resetRequests.reserve(rules);
    if (wait > 0) throw ApiError.tooManyRequests(`Too many attempts. Please wait ${wait} seconds and try again.`, wait);
    await this.tx.run(async (tx) => {
      const userId = await this.resets.consume(tx.manager, token);
      if (!userId) throw ApiError.badRequest(RESET_INVALID);
      await this.users.setPassword(tx.manager, userId, password);
    });
    await this.resetRequests.release(rules);
  }

  async changePassword(user: AuthUser, currentPassword: string, newPassword: string): Promise<SessionResult> {
    if (!(await verifyPassword(await this.users.passwordHashOf(user.id), currentPassword))) {
      throw ApiError.field('currentPassword', 'Current password is incorrect');
    }
    await this.tx.run((tx) => this.users.setPassword(tx.manager, user.id, newPassword));
    return this.session(user.id, user.kind);
  }

  /**
   * The buyer's account, from a PAID and unclaimed payment bought with the
   * same email: the user (student, lifetime) is created and the payment
   * claimed in one transaction. A repeat buyer who already has an account
   * gets the new entitlement on it instead.
   */
  async createAccount(input: { email: string; password: string; paymentId: string }): Promise<SessionResult | { success: true; existingAccount: true; message: string }> {
    const problem = passwordProblem(input.password);
    if (problem) throw ApiError.field('password', problem);
    const email = normaliseEmail(input.email);
    const result = await this.tx.run(async (tx) => {
      const payment = await this.payments.lockClaimable(tx.manager, input.paymentId, email);
      const existing = await this.users.findByEmail(email, tx.manager);
      const user = existing ?? (await this.users.insert(tx.manager, { name: nameFromEmail(email), email, password: input.password, role: 'student', plan: 'lifetime' }));
      await this.access.grantForPayment(tx.manager, { paymentId: payment.id, email });
      await this.access.attachToUser(tx.manager, user.id, email);
      await this.payments.markClaimed(tx.manager, payment.id, user.id);
      if (!existing) await tx.emit('account.created', { type: 'user', id: user.id }, { userId: user.id, email, name: user.name, paymentId: payment.id });
      return { userId: user.id, existing: Boolean(existing) };
    });
    if (result.existing) {
      return { success: true, existingAccount: true, message: 'This purchase was added to your existing account. Please sign in.' };
    }
    return { ...(await this.session(result.userId, 'learner')), message: 'Account created' } as SessionResult;
  }
}

/** "sofia.martins@example.com" -> "Sofia Martins" (the learner can change it later). */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0].replace(/[._+-]+/g, ' ').trim();
  const words = local.split(/\s+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1));
  return (words.join(' ') || 'Learner').slice(0, 120);
}


export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    plan: user.plan,
    hasAccess: user.role === 'admin' || Boolean(user.has_access),
    joinDate: user.join_date,
    lastLoginAt: user.last_login_at ? new Date(user.last_login_at).toISOString() : null,
  };
}
